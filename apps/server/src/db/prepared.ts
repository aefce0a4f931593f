import { createHash } from "node:crypto";
import pg from "pg";

/** Statements one pool connection keeps prepared at most; past it, statements run unnamed. */
export const PREPARED_PER_CONNECTION = 400;
/** Times a statement text is seen before it is prepared: one-off texts are never kept. */
const PREPARE_AFTER = 2;
/** Distinct texts remembered; past it, new texts run unnamed (queries with literals in them). */
const TEXTS_REMEMBERED = 5_000;

interface Seen {
  count: number;
  name: string;
}

/**
 * Which statement texts recur, process-wide. A recurring parameterised statement gets a stable
 * name (a hash of its text), so each connection parses it once and PostgreSQL may keep its plan:
 * for the inbox's calls, parse and planning cost more database time than executing.
 */
export class StatementNames {
  readonly #seen = new Map<string, Seen>();

  /** The name to prepare `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    let seen = this.#seen.get(text);
    if (!seen) {
      // EXPLAIN must plan with the values it is given (tickets.list picks a shape from it).
      if (this.#seen.size >= TEXTS_REMEMBERED || /^\s*explain/i.test(text)) return undefined;
      seen = { count: 0, name: "" };
      this.#seen.set(text, seen);
    }
    if (++seen.count < PREPARE_AFTER) return undefined;
    if (!seen.name) seen.name = `a${createHash("sha1").update(text).digest("base64url")}`;
    return seen.name;
  }
}

const hasValues = (values: unknown): boolean => Array.isArray(values) && values.length > 0;

/**
 * A prepared statement PostgreSQL refuses to run again because a table it reads changed shape
 * (another node's migration added a column): the statement is dropped and run once unnamed.
 */
function stalePlan(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === "0A000" && /cached plan must not change result type/.test(e.message ?? "");
}

type Callback = (err: Error | null, result?: unknown) => void;

/**
 * A pool client that names recurring parameterised statements (see StatementNames). Text-only
 * statements keep the simple protocol (they may hold several statements, e.g. pg-boss's), and
 * a connection stops naming new statements once it holds PREPARED_PER_CONNECTION of them.
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #prepared = new Set<string>();

    override query(...args: unknown[]): never {
      const run = super.query.bind(this) as unknown as (...a: unknown[]) => never;
      const config = args[0];
      const values = typeof args[1] === "function" ? undefined : args[1];
      if (
        !config ||
        typeof config !== "object" ||
        "submit" in config ||
        ("name" in config && config.name) ||
        !("text" in config) ||
        typeof config.text !== "string" ||
        !hasValues(values ?? (config as { values?: unknown }).values)
      )
        return run(...args);
      const name = names.nameFor(config.text);
      if (!name || (!this.#prepared.has(name) && this.#prepared.size >= PREPARED_PER_CONNECTION))
        return run(...args);
      this.#prepared.add(name);
      const named = { ...config, name };
      const retry = () => {
        this.#prepared.delete(name);
        const connection = (this as unknown as { connection: { parsedStatements: object } })
          .connection;
        delete (connection.parsedStatements as Record<string, unknown>)[name];
        return (run(`deallocate "${name}"`) as Promise<unknown>).catch(() => undefined);
      };
      const callback = args.find((a): a is Callback => typeof a === "function");
      if (callback) {
        return run(named, values, (err: Error | null, result: unknown) => {
          if (!stalePlan(err)) return callback(err, result);
          void retry().then(() => run(config, values, callback));
        });
      }
      return (run(named, values) as Promise<unknown>).catch(async (err: unknown) => {
        if (!stalePlan(err)) throw err;
        await retry();
        return run(config, values);
      }) as never;
    }
  };
}

/**
 * The pool's settings: connections that prepare recurring statements, and that always plan
 * with the values given. A generic plan (planned once, without values) is what PostgreSQL
 * switches to after five runs when it looks no costlier; for the inbox it was far costlier
 * (a one-queue Pending tab went from 3 to 40 ms of database time per call).
 */
export function preparingPool(connectionString: string, max: number): pg.PoolConfig {
  return {
    connectionString,
    max,
    Client: preparingClient(new StatementNames()),
    options: "-c plan_cache_mode=force_custom_plan",
  };
}
