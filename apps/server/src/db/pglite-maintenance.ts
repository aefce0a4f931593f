import type { ExecuteSql } from "./client.js";

/** How often the embedded database is looked over. */
export const PGLITE_MAINTENANCE_MS = 10 * 60_000;

/** A table is vacuumed and analyzed once its size moved by this share since it last was… */
const CHANGED_SHARE = 0.1;
/** …and by at least this many pages (8 KiB each): small tables are left alone. */
const CHANGED_PAGES = 8;

interface TableSize {
  schema: string;
  name: string;
  /** Pages when the statistics were last gathered (VACUUM, ANALYZE, CREATE INDEX). */
  relpages: number;
  /** -1: never measured. */
  reltuples: number;
  pages: number;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What autovacuum would have done to this table by now: a table never measured is analyzed
 * (a sample, cheap at any size); one whose size moved is vacuumed and analyzed (a pass over
 * the pages changed since its last vacuum).
 */
export function maintenanceOf(
  t: Pick<TableSize, "relpages" | "reltuples" | "pages">,
): "analyze" | "vacuum (analyze)" | undefined {
  if (t.pages < CHANGED_PAGES) return undefined;
  if (t.reltuples < 0) return "analyze";
  const moved = Math.abs(t.pages - t.relpages) > t.relpages * CHANGED_SHARE + CHANGED_PAGES;
  return moved ? "vacuum (analyze)" : undefined;
}

/**
 * PGlite runs PostgreSQL in single-user mode: there is no autovacuum, and its activity counters
 * are never flushed (pg_stat_user_tables stays at zero), so nothing would ever gather
 * statistics on the embedded database or clear its dead rows. Without statistics the planner
 * guesses, and the ticket search, which picks its shape from the planner's estimate, would take
 * a common word for a rare one; without vacuum, every ticket update leaves its old row behind.
 *
 * This does autovacuum's work from outside (maintenanceOf): a table whose size on disk moved by
 * a tenth since its statistics were gathered is vacuumed and analyzed. The database answers
 * nothing else while a table is done (one session), so it runs at start and every few
 * minutes, one table at a time. Returns what it did, e.g. "vacuum (analyze) tickets".
 */
export async function maintainPglite(executeSql: ExecuteSql): Promise<string[]> {
  const { rows } = await executeSql(
    `select n.nspname as schema, c.relname as name, c.relpages as relpages,
            c.reltuples::float8 as reltuples,
            (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r'
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%'
      order by n.nspname, c.relname`,
  );
  const done: string[] = [];
  for (const table of rows as TableSize[]) {
    const command = maintenanceOf(table);
    if (!command) continue;
    await executeSql(`${command} ${quoted(table.schema)}.${quoted(table.name)}`);
    done.push(`${command} ${table.schema === "public" ? "" : `${table.schema}.`}${table.name}`);
  }
  return done;
}
