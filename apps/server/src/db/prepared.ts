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
 * name (a hash of its text), so each connection parses and analyses it once: for the inbox's
 * calls, parsing and planning cost more database time than executing.
 */
export class StatementNames {
  readonly #seen = new Map<string, Seen>();

  /** The name to prepare `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    let seen = this.#seen.get(text);
    if (!seen) {
      // EXPLAIN must plan with the values it is given (tickets.list picks a shape from it).
      if (/^\s*explain/i.test(text) || !this.#room()) return undefined;
      seen = { count: 0, name: "" };
      this.#seen.set(text, seen);
    }
    if (++seen.count < PREPARE_AFTER) return undefined;
    if (!seen.name) seen.name = `a${createHash("sha1").update(text).digest("base64url")}`;
    return seen.name;
  }

  /** Room for another text: when full, the texts seen only once are forgotten. */
  #room(): boolean {
    if (this.#seen.size < TEXTS_REMEMBERED) return true;
    for (const [text, seen] of this.#seen) if (seen.count < PREPARE_AFTER) this.#seen.delete(text);
    return this.#seen.size < TEXTS_REMEMBERED;
  }
}

const hasValues = (values: unknown): boolean => Array.isArray(values) && values.length > 0;

/**
 * A prepared statement PostgreSQL refuses to run again because a table it reads changed shape
 * (another node's migration added a column): the statement is dropped and run once unnamed.
 * Inside a transaction the failure has already aborted it: the caller sees that error, and its
 * next attempt runs unnamed.
 */
export function stalePlan(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === "0A000" && /cached plan must not change result type/.test(e.message ?? "");
}

type Callback = (err: Error | null, result?: unknown) => void;

/**
 * A pool client that names recurring parameterised statements (see StatementNames). Text-only
 * statements keep the simple protocol (they may hold several statements, e.g. pg-boss's), and
 * a connection stops naming new statements once it holds PREPARED_PER_CONNECTION of them.
 * With `listen`, the connection LISTENs to that channel before it is handed out (a pooler that
 * refuses it, PgBouncer in transaction mode, leaves it deaf).
 */
export function preparingClient(names: StatementNames, listen?: string): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    readonly #prepared = new Set<string>();
    /** Statements a migration broke that could not be dropped yet: run unnamed. */
    readonly #stale = new Set<string>();

    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      if (!listen) return callback ? super.connect(callback) : super.connect();
      const ready = super.connect().then(() =>
        super.query(`listen ${pg.escapeIdentifier(listen)}`).then(
          () => this,
          () => this,
        ),
      );
      if (!callback) return ready;
      ready.then(() => callback(null as never), callback);
    }

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
      if (
        !name ||
        this.#stale.has(name) ||
        (!this.#prepared.has(name) && this.#prepared.size >= PREPARED_PER_CONNECTION)
      )
        return run(...args);
      this.#prepared.add(name);
      const named = { ...config, name };
      const retry = async () => {
        // From now on this connection runs the text unnamed, unless the statement can be
        // dropped (not inside a transaction the failure aborted): then it is prepared afresh.
        this.#stale.add(name);
        try {
          await (run(`deallocate "${name}"`) as Promise<unknown>);
        } catch {
          return;
        }
        // node-postgres's own record of the statements this connection has parsed.
        const connection = (this as unknown as { connection: { parsedStatements: object } })
          .connection;
        delete (connection.parsedStatements as Record<string, unknown>)[name];
        this.#prepared.delete(name);
        this.#stale.delete(name);
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

/** How a pool's connections plan a prepared statement (PostgreSQL's plan_cache_mode). */
export type PlanMode = "force_custom_plan" | "force_generic_plan";

/**
 * The pool's settings: connections that prepare recurring statements, that plan them as
 * `plan` says, and that LISTEN to `listen` if given.
 *
 * - force_custom_plan (the main pool): every run is planned with its values. A generic plan
 *   (planned once, without values) is what PostgreSQL switches to after five runs when it
 *   looks no costlier; for the inbox it was far costlier (a one-queue Pending tab went from 3
 *   to 40 ms of database time per call).
 * - force_generic_plan (the keyed pool, see keyedDb): one plan per statement and connection,
 *   for statements that find their rows by key, where every value is best served by the same
 *   index. Planning them with their values cost more than running them (0.3–0.45 ms against
 *   0.05–0.25 ms for a page of tickets or contacts by id).
 */
export function preparingPool(
  connectionString: string,
  max: number,
  plan: PlanMode = "force_custom_plan",
  listen?: string,
): pg.PoolConfig {
  return {
    connectionString,
    max,
    Client: preparingClient(new StatementNames(), listen),
    options: `-c plan_cache_mode=${plan}`,
  };
}
