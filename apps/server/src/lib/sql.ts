import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** `column ILIKE %term%` with the term's wildcards escaped. */
export function containsInsensitive(column: PgColumn | SQL, term: string): SQL {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${column} ilike ${`%${escaped}%`}`;
}

/** Offset pagination: fetch one extra row to know whether there is a next page. */
export function page(pageNumber: number, size: number) {
  return { limit: size + 1, offset: (pageNumber - 1) * size };
}

export function splitPage<T>(rows: T[], size: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, size), hasMore: rows.length > size };
}
