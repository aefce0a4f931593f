import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { toSnakeCase } from "drizzle-orm/casing";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { LIST_COUNT_LIMIT } from "@atrium/shared";
import type { DbOrTx } from "../db/client.js";

/** `column ILIKE %term%` with the term's wildcards escaped. */
export function containsInsensitive(column: PgColumn | SQL, term: string): SQL {
  return sql`${column} ilike ${containsPattern(term)}`;
}

/**
 * The test of containsInsensitive for rows read one by one (a walk in some index's order, no
 * trigram index involved): `lower(column) LIKE lower(pattern)`, which is how PostgreSQL's
 * ILIKE compares in a multibyte database, with the pattern lower-cased once instead of again
 * for every row. Contacts search walking 2,000 names: 1.16 → 0.46 ms. Not for a condition a
 * trigram index should answer: those indexes serve ILIKE, not lower().
 */
export function containsFolded(column: PgColumn | SQL, term: string): SQL {
  return sql`lower(${column}) like lower(${containsPattern(term)})`;
}

/** `%term%` with the term's wildcards escaped. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const dialect = new PgDialect({ casing: "snake_case" });

/**
 * A fragment without parameters (a correlated subquery of a select list, say) rendered to text
 * once, at load: drizzle otherwise walks its chunks again on every query that uses it. Columns
 * stay qualified by their table, whatever the query around them.
 */
export function prerendered<T>(fragment: SQL<T> | SQL): SQL<T> {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error(`prerendered SQL has parameters: ${text}`);
  return sql.raw(text) as SQL<T>;
}

/**
 * A JSON object of these fields, written by PostgreSQL's row_to_json: compact, keys in this
 * order. `from` ("from … where …") when the fields come from a row of another table: no row
 * gives null.
 */
export function jsonObject(fields: Record<string, SQLWrapper>, from?: SQL): SQL {
  const list = sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
  return sql`(select row_to_json(o) from (select ${list} ${from ?? sql``}) as o)`;
}

/** A column's name in the database (the schema's keys are snake-cased: casing "snake_case"). */
export const columnName = (column: PgColumn): string =>
  column.keyAsName ? toSnakeCase(column.name) : column.name;

/** A json column: node-postgres parses it, PGlite may hand it over as text. */
export type JsonRef<T> = T | string | null;
export const parsed = <T>(value: JsonRef<T>): T | null =>
  typeof value === "string" ? (JSON.parse(value) as T) : value;

/** Offset pagination: fetch one extra row to know whether there is a next page. */
export function page(pageNumber: number, size: number) {
  return { limit: size + 1, offset: (pageNumber - 1) * size };
}

export function splitPage<T>(rows: T[], size: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, size), hasMore: rows.length > size };
}

/**
 * The number of rows matching `where`, counted up to `limit` (LIST_COUNT_LIMIT): the count
 * stops at the limit instead of visiting every matching row of a long history. `order` (the
 * list's own order) lets it stop early on the index the list is read from: without it the
 * planner may build a bitmap of every match first (a user's Pending tab: 0.42 → 0.06 ms,
 * 5,000 index entries to count 100).
 */
export async function countUpTo(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  limit = LIST_COUNT_LIMIT,
  order: SQL[] = [],
): Promise<number> {
  const [row] = await countUpToQuery(db, table, where, limit, order);
  return row?.n ?? 0;
}

export function countUpToQuery(
  db: DbOrTx,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
  order: SQL[] = [],
) {
  const rows = db
    .select({ one: sql`1`.as("one") })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .as("counted");
  return db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(rows);
}

/**
 * The planner's row estimate for a query (EXPLAIN, nothing executed): the top node's rows are
 * the whole result, parallel plan or not. Lets a service pick between two query shapes by how
 * many rows a condition matches, at the cost of a planning round trip.
 */
export async function plannedRows(db: DbOrTx, query: SQL): Promise<number> {
  const res = (await db.execute(sql`explain (format json) ${query}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = res.rows[0]?.["QUERY PLAN"];
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as [
    { Plan: { "Plan Rows": number } },
  ];
  return plan[0].Plan["Plan Rows"];
}

/**
 * Values read from a database that move slowly, kept per database handle for `ttlMs` each; at
 * most `max` keys per database, the oldest going first.
 */
export function perDatabaseCache<T>(max: number) {
  const caches = new WeakMap<object, Map<string, { value: T; at: number }>>();
  return async (db: DbOrTx, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new Map()));
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = await load();
    cache.delete(key);
    if (cache.size >= max) cache.delete(cache.keys().next().value!);
    cache.set(key, { value, at: Date.now() });
    return value;
  };
}

/** The most estimates kept per database: keys may hold a user's search term. */
export const MAX_ESTIMATES = 1000;

const estimates = perDatabaseCache<number>(MAX_ESTIMATES);

/**
 * plannedRows for a figure that moves slowly (a company's number of tickets, messages or
 * contacts; the matches of a search term), kept `ttlMs` per database: the planner's estimates
 * only move when the statistics do, and a search asked again (its next page, the same term
 * typed again) need not cost another planning round trip. At most MAX_ESTIMATES are kept; the
 * oldest goes first.
 */
export function plannedRowsCached(
  db: DbOrTx,
  key: string,
  query: SQL,
  ttlMs = 60_000,
): Promise<number> {
  return estimates(db, key, ttlMs, () => plannedRows(db, query));
}
