import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { perDatabaseCache } from "./sql.js";

/**
 * How often a trigram occurs in a text column, estimated from the sample ANALYZE keeps in
 * pg_stats (its most common values with their frequencies, and up to 100 histogram bounds
 * standing for the other rows). Good enough to tell a trigram found in a few percent of the
 * rows from a rare one, which is all indexedPart needs; 0 for every trigram when the column
 * has no statistics yet.
 */
export type TrigramFrequency = (trigram: string) => number;

/** A trigram in at least this share of the sampled rows is common (2 of 100 histogram bounds). */
export const COMMON_TRIGRAM = 0.02;

/**
 * The part of a search term to ask a trigram index for, the whole term being checked on each
 * row it returns. A GIN trigram scan for `%term%` needs every trigram of the term: the rarest
 * finds the candidates, and each other one is looked up for every candidate, which costs in
 * proportion to its posting list. "reembolso" holds "bol", found in 4% of the bench's messages
 * (boleto): the scan took 1.0 ms for 507 rows, "reembo" alone 0.1 ms.
 *
 * So when the term has a common trigram, the index is asked for the longest run of the term's
 * rare ones (letters and digits, at least two trigrams: four characters); otherwise, or when no
 * such run exists, for the whole term. The part is a substring of the term, so every row that
 * contains the term contains it: the index finds a superset, never fewer rows.
 */
export function indexedPart(
  term: string,
  frequency: TrigramFrequency,
  common = COMMON_TRIGRAM,
): string {
  const chars = Array.from(term);
  let anyCommon = false;
  let best = { start: 0, length: 0 };
  let runStart = 0;
  for (let i = 0; i + 2 < chars.length; i++) {
    const trigram = chars.slice(i, i + 3);
    const isWord = trigram.every((c) => /[\p{L}\p{N}]/u.test(c));
    const rare = isWord && frequency(trigram.join("").toLowerCase()) < common;
    if (isWord && !rare) anyCommon = true;
    if (!rare) {
      runStart = i + 1;
      continue;
    }
    const length = i - runStart + 1;
    if (length > best.length) best = { start: runStart, length };
  }
  if (!anyCommon || best.length < 2) return term;
  return chars.slice(best.start, best.start + best.length + 2).join("");
}

/** Each trigram of a column's sample with the share of the rows it was found in. */
type Shares = Map<string, number>;

const samples = perDatabaseCache<Shares>(20);

/**
 * The TrigramFrequency of `table.column`, from pg_stats read at most every `ttlMs` per database
 * (the statistics move only when ANALYZE runs). The sample's trigrams are counted once when it
 * is read, so a lookup costs the same whatever the term.
 */
export async function sampledTrigrams(
  db: DbOrTx,
  table: string,
  column: string,
  ttlMs = 600_000,
): Promise<TrigramFrequency> {
  const shares = await samples(db, `${table}.${column}`, ttlMs, () =>
    readShares(db, table, column),
  );
  return (trigram) => shares.get(trigram) ?? 0;
}

async function readShares(db: DbOrTx, table: string, column: string): Promise<Shares> {
  const res = (await db.execute(sql`
    select most_common_vals::text::text[] as common, most_common_freqs as freqs,
           histogram_bounds::text::text[] as bounds, null_frac
      from pg_stats
     where schemaname = current_schema() and tablename = ${table} and attname = ${column}`)) as unknown as {
    rows: { common: unknown; freqs: unknown; bounds: unknown; null_frac: unknown }[];
  };
  const shares: Shares = new Map();
  const row = res.rows[0];
  if (!row) return shares;
  const common = textArray(row.common);
  const freqs = numberArray(row.freqs);
  const bounds = textArray(row.bounds);
  const rest = Math.max(0, 1 - freqs.reduce((a, b) => a + b, 0) - Number(row.null_frac ?? 0));
  const add = (text: string, share: number) => {
    const chars = Array.from(text.toLowerCase());
    const seen = new Set<string>();
    for (let i = 0; i + 2 < chars.length; i++) seen.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
    for (const trigram of seen) shares.set(trigram, (shares.get(trigram) ?? 0) + share);
  };
  common.forEach((text, i) => add(text, freqs[i] ?? 0));
  bounds.forEach((text) => add(text, rest / bounds.length));
  return shares;
}

const textArray = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

const numberArray = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
