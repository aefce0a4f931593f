import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Indexes added after tables may already hold years of history live in
 * drizzle/online/NNNN_name.sql, one `CREATE INDEX CONCURRENTLY IF NOT EXISTS` each, and are
 * built after the drizzle migrations. Drizzle runs its migrations inside one transaction, where
 * PostgreSQL refuses CONCURRENTLY; a plain CREATE INDEX would block every write to the table
 * for the whole build (minutes on millions of messages). Built concurrently, writes go on.
 *
 * PostgreSQL: an index that a crash or a failed build left INVALID is dropped and rebuilt; a
 * valid one is left alone, so every boot only checks. PGlite (one connection, the embedded
 * default) builds them with a plain CREATE INDEX IF NOT EXISTS.
 *
 * They are not in the drizzle schema (like the trigram indexes of 0001), so drizzle-kit never
 * generates a blocking CREATE INDEX for them.
 *
 * An index another one replaced is retired the same way, after its replacement is built: a
 * file with one `DROP INDEX CONCURRENTLY IF EXISTS` (it waits for the queries using it instead
 * of holding every write back while it waits for its lock).
 */
export interface OnlineIndex {
  name: string;
  /** The statement, with CONCURRENTLY. */
  sql: string;
  /** A DROP INDEX: the index is retired, not built. */
  drop?: boolean;
}

export function readOnlineIndexes(migrationsFolder: string): OnlineIndex[] {
  const folder = path.join(migrationsFolder, "online");
  return readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(folder, file), "utf8");
      const statement = text
        .split("\n")
        .filter((line) => !line.trim().startsWith("--"))
        .join("\n")
        .trim()
        .replace(/;$/, "");
      const name = /^CREATE (?:UNIQUE )?INDEX CONCURRENTLY IF NOT EXISTS "?(\w+)"?/i.exec(
        statement,
      )?.[1];
      if (name) return { name, sql: statement };
      const retired = /^DROP INDEX CONCURRENTLY IF EXISTS "?(\w+)"?$/i.exec(statement)?.[1];
      if (retired) return { name: retired, sql: statement, drop: true };
      throw new Error(
        `${file}: expected one CREATE INDEX CONCURRENTLY IF NOT EXISTS or DROP INDEX CONCURRENTLY IF EXISTS`,
      );
    });
}

type Query = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Builds the missing online indexes; `query` must run outside any transaction. */
export async function buildOnlineIndexes(
  kind: "postgres" | "pglite",
  query: Query,
  indexes: OnlineIndex[],
  log: (message: string) => void = () => undefined,
): Promise<void> {
  for (const index of indexes) {
    if (kind === "pglite") {
      await query(index.sql.replace(/ CONCURRENTLY/i, ""));
      continue;
    }
    const { rows } = await query(
      `select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
        where c.relname = $1 and c.relnamespace = current_schema()::regnamespace`,
      [index.name],
    );
    const state = (rows[0] as { valid: boolean } | undefined)?.valid;
    if (index.drop) {
      if (state !== undefined) {
        log(`retiring index ${index.name}…`);
        await query(index.sql);
      }
      continue;
    }
    if (state === true) continue;
    if (state === false) await query(`drop index concurrently if exists "${index.name}"`);
    const started = Date.now();
    log(`building index ${index.name} (concurrently: writes go on)…`);
    await query(index.sql);
    log(`built index ${index.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
