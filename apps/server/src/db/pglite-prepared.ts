import {
  parse,
  protocol,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";
import { PREPARED_PER_CONNECTION, stalePlan, StatementNames } from "./prepared.js";

/** A statement this connection holds prepared: the types PostgreSQL gave its parameters. */
type Prepared = number[];

const { serialize } = protocol;

/** Protocol messages as one buffer: one trip into the engine. */
export function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * The first result among a statement's messages, as PGlite's parseResults makes it, without
 * the copy of every type parser parseResults makes on each call (371 of them: 0.1 ms a
 * statement, a tenth of a ticket tab's time on PGlite): a value's parser is the statement's
 * own for its type, else PGlite's. Messages before BindComplete (a SET sent ahead of the
 * statement in the same trip) are not the statement's.
 */
export function firstResult<T>(
  all: messages.BackendMessage[],
  parsers: PGlite["parsers"],
  options: QueryOptions | undefined,
): Results<T> {
  const own = options?.parsers;
  const asArray = options?.rowMode === "array";
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  let bound = false;
  for (const message of all) {
    if (!bound) {
      bound = message.name === "bindComplete";
      continue;
    }
    if (message.name === "rowDescription") {
      fields = (message as messages.RowDescriptionMessage).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
    } else if (message.name === "dataRow") {
      const values = (message as messages.DataRowMessage).fields.map((value, i) => {
        if (value === null) return null;
        const type = fields[i]!.dataTypeID;
        const parser = own?.[type] ?? parsers[type];
        return parser ? parser(value, type) : value;
      });
      rows.push(asArray ? values : Object.fromEntries(values.map((v, i) => [fields[i]!.name, v])));
    } else if (message.name === "commandComplete") {
      affectedRows = affected((message as messages.CommandCompleteMessage).text);
      break;
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}

/** The rows a command tag says were changed (PGlite's rule). */
function affected(tag: string): number {
  const words = tag.split(" ");
  if (words[0] === "INSERT") return parseInt(words[2]!, 10);
  if (["UPDATE", "DELETE", "COPY", "MERGE"].includes(words[0]!)) return parseInt(words[1]!, 10);
  return 0;
}

const GENERIC = protocol.serialize.query("set plan_cache_mode = force_generic_plan");
const CUSTOM = protocol.serialize.query("set plan_cache_mode = force_custom_plan");

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
 * PostgreSQL picks the plan, in the statement's own trip into the engine.
 */
export function preparingPglite(client: PGlite): { db: PGlite; keyed: PGlite } {
  const names = new StatementNames();
  const prepared = new Map<string, Prepared>();
  /** Statements a migration broke (their table changed shape): run as PGlite runs them. */
  const stale = new Set<string>();
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
    // A generic plan: the session switches to it for this Bind and back after the Sync, in
    // the same trip. A failed Bind or Execute skips to the Sync; the SET after it still runs.
    const statement = [
      serialize.bind({ statement: name, values: written }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ];
    const { messages } = await client.execProtocol(
      joined(generic ? [GENERIC, ...statement, CUSTOM] : statement),
    );
    return firstResult<T>(messages, client.parsers, options);
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
