import {
  Column,
  is,
  isSQLWrapper,
  Name,
  Param,
  Placeholder,
  SQL,
  sql,
  StringChunk,
  Subquery,
  Table,
  View,
} from "drizzle-orm";
import { keyedDb, type DbOrTx } from "../db/client.js";
import { dialect } from "./sql.js";

/** Shapes kept per database handle; past it the oldest is dropped. */
export const SHAPES_KEPT = 200;

/** A query drizzle has built once, run with the values of its placeholders. */
interface Built<R> {
  execute(values: Record<string, unknown>): Promise<R>;
}

/**
 * A query around a condition, built by drizzle once per shape of the condition instead of on
 * every call. Drizzle walks every chunk of a query (each selected column, each subquery) to
 * write its SQL text: about 0.2 ms of the server's CPU for a ticket list page, more than the
 * rest of its own work on the query. The condition's own text (rendered each call, a small
 * part of the query) is the shape: the same text is the same query with other values.
 *
 * `build` receives the condition with its values replaced by placeholders (w0, w1, …) and
 * returns a prepared query (drizzle's `.prepare("")`); `values` fills its other placeholders.
 * A condition this cannot take apart faithfully runs as built each time.
 *
 * `byKey`: the condition finds its rows by key (ids; a ticket and its company), so one generic
 * plan serves every value: the query runs on keyedDb's connections.
 */
export function shapedQuery<R>(
  build: (db: DbOrTx, where: SQL) => Built<R>,
  opts: { byKey?: boolean } = {},
) {
  const perDb = new WeakMap<DbOrTx, Map<string, Built<R> | null>>();
  return async (handle: DbOrTx, where: SQL, values: Record<string, unknown>): Promise<R> => {
    const db = opts.byKey ? keyedDb(handle) : handle;
    const { sql: shape, params } = dialect.sqlToQuery(where);
    let shapes = perDb.get(db);
    if (!shapes) perDb.set(db, (shapes = new Map()));
    let built = shapes.get(shape);
    if (built === undefined) {
      const shaped = withPlaceholders(where, params.length);
      built = shaped && build(db, shaped);
      if (shapes.size >= SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
      shapes.set(shape, built);
    }
    if (!built) return build(db, where).execute(values);
    const filled: Record<string, unknown> = { ...values };
    params.forEach((value, i) => (filled[`w${i}`] = value));
    return built.execute(filled);
  };
}

/**
 * `where` with each value it renders as a parameter replaced by placeholder w0, w1, … in the
 * order drizzle numbers them ($1, $2, …), or null when the result would not render to the same
 * text with exactly those placeholders (a value drizzle inlines, a placeholder already there).
 */
export function withPlaceholders(where: SQL, count: number): SQL | null {
  let next = 0;
  const swap = (chunk: unknown): unknown => {
    if (chunk === undefined || is(chunk, StringChunk) || is(chunk, Name)) return chunk;
    if (Array.isArray(chunk)) return chunk.map(swap);
    if (is(chunk, SQL)) {
      // sql.inlineParams(): drizzle writes its values into the text (part of the shape).
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return chunk;
      return new SQL(chunk.queryChunks.map(swap) as SQL["queryChunks"]);
    }
    if (is(chunk, Table) || is(chunk, Column) || is(chunk, View)) return chunk;
    if (is(chunk, Param)) {
      if (is(chunk.value, Placeholder)) return chunk;
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (is(value, SQL)) return swap(value);
      return sql.placeholder(`w${next++}`);
    }
    if (is(chunk, Placeholder) || is(chunk, SQL.Aliased)) return chunk;
    if (is(chunk, Subquery)) {
      if (chunk._.isWith) return chunk;
      return sql`(${swap(chunk._.sql)}) ${new Name(chunk._.alias)}`;
    }
    if (isSQLWrapper(chunk)) {
      const inner = swap(chunk.getSQL());
      return chunk.shouldOmitSQLParens?.() ? inner : sql`(${inner})`;
    }
    if (typeof chunk === "object" && chunk !== null) return chunk;
    return sql.placeholder(`w${next++}`);
  };
  const shaped = swap(where) as SQL;
  // Faithful or nothing: the same text, and the placeholders in the order of the values.
  const check = dialect.sqlToQuery(shaped);
  const faithful =
    next === count &&
    check.sql === dialect.sqlToQuery(where).sql &&
    check.params.every((p, i) => is(p, Placeholder) && p.name === `w${i}`);
  return faithful ? shaped : null;
}
