import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";
import { PREPARED_PER_CONNECTION, stalePlan, StatementNames, type PlanMode } from "./prepared.js";

/** A statement this connection holds prepared: the types PostgreSQL gave its parameters. */
type Prepared = number[];

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * PGlite with recurring parameterised statements prepared, as db/prepared.ts does for the
 * PostgreSQL pool. PGlite's query() parses and analyses the statement's text on every call, in
 * six trips into the engine: for a ticket page (a 4 KB statement) that was 1.3 of its 2.8 ms.
 * A text seen twice (StatementNames) is prepared under a hash of itself once (Parse and
 * Describe: the parameters' types), then each call is one trip: Bind, Describe, Execute, Sync.
 * Values are written by PGlite's own serializers for those types and rows read by its parsers,
 * as query() does; notices of the statement reach PGlite's listeners as they do from query().
 * Everything else (transactions, exec, statements without values) is PGlite's own.
 *
 * Two handles on the one session: `db` plans each run with its values (the session's
 * plan_cache_mode, force_custom_plan), `keyed` runs its statements with one generic plan, as
 * the PostgreSQL keyed pool does (keyedDb): plan_cache_mode is switched around its Bind, where
 * PostgreSQL picks the plan, while no other statement can run.
 */
export function preparingPglite(client: PGlite): { db: PGlite; keyed: PGlite } {
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();
  /** Statements a migration broke (their table changed shape): run as PGlite runs them. */
  const stale = new Set<string>();
  const planMode = (mode: PlanMode) =>
    client.execProtocol(serialize.query(`set plan_cache_mode = ${mode}`));
  /** `work` planned generically, the session back to plans with values whatever happens. */
  async function generically<R>(work: () => Promise<R>): Promise<R> {
    await planMode("force_generic_plan");
    try {
      return await work();
    } finally {
      await planMode("force_custom_plan");
    }
  }

  async function run<T>(
    name: string,
    text: string,
    values: unknown[],
    options: QueryOptions | undefined,
    generic: boolean,
  ): Promise<Results<T>> {
    let types = prepared.get(name);
    if (!types) {
      const { messages } = await client.execProtocol(
        joined([
          serialize.parse({ name, text, types: [] }),
          serialize.describe({ type: "S", name }),
          serialize.sync(),
        ]),
      );
      types = parse.parseDescribeStatementResults(messages);
      prepared.set(name, types);
    }
    const written = values.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const execute = () =>
      client.execProtocol(
        joined([
          serialize.bind({ statement: name, values: written }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
    const { messages } = await (generic ? generically(execute) : execute());
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  const query =
    (generic: boolean) =>
    async <T>(text: string, values?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      const name = values?.length ? names.nameFor(text) : undefined;
      if (
        !name ||
        stale.has(name) ||
        (!prepared.has(name) && prepared.size >= PREPARED_PER_CONNECTION)
      )
        return client.query<T>(text, values, options);
      await client._checkReady();
      try {
        return await client._runExclusiveTransaction(() =>
          client._runExclusiveQuery(() => run<T>(name, text, values!, options, generic)),
        );
      } catch (err) {
        if (!stalePlan(err)) throw err;
        stale.add(name);
        prepared.delete(name);
        await client.exec(`deallocate "${name}"`).catch(() => undefined);
        return client.query<T>(text, values, options);
      }
    };

  const handle = (generic: boolean): PGlite => {
    const own = query(generic);
    return new Proxy(client, {
      get(target, key) {
        if (key === "query") return own;
        const value = Reflect.get(target, key, target) as unknown;
        // PGlite's methods use private fields: they run on PGlite itself, not on the proxy.
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  return { db: handle(false), keyed: handle(true) };
}
