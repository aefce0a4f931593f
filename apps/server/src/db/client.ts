import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { isProbe, listenPostgres, type ListenHandlers, type Listening } from "./listen.js";
import { makePgliteFolder } from "./pglite-folder.js";
import { preparingPglite } from "./pglite-prepared.js";
import { preparingPool } from "./prepared.js";
import { buildOnlineIndexes, readOnlineIndexes } from "./online-indexes.js";
import { ROW_CHANGES_CHANNEL } from "./row-cache.js";
import * as schema from "./schema/index.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services accept both. */
export type DbOrTx = Db | Tx;

/** Runs a raw SQL statement; used by pg-boss and by tests. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  /** LISTEN to a channel of NOTIFY notices (db/listen.ts). */
  listen(channel: string, handlers: ListenHandlers): Promise<Listening>;
  /**
   * The row-change notices (ROW_CHANGES_CHANNEL) the pool's own connections hear (PostgreSQL):
   * the connection that made a change hears it before its statement returns, where the
   * listening connection hears it a moment later.
   */
  onPoolNotice?(handler: (payload: string) => void): void;
  /** PGlite only: its whole data folder as a tar file (PGlite's dumpDataDir). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** The drizzle migrations folder, found from this file in src/ or in the bundled dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "drizzle");
    if (existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error("drizzle migrations folder not found");
}

export interface DatabaseOptions {
  /** postgres:// URL; absent → PGlite. */
  url?: string;
  /** PGlite data folder; absent → in memory. */
  pgliteDir?: string;
  /**
   * An in-memory PGlite starts as a copy of this data folder (a tar from Database.dump) instead
   * of running initdb: the tests copy one migrated database per file.
   */
  pgliteImage?: Blob;
  /** PGlite's buffer cache (PostgreSQL's shared_buffers), e.g. "32MB". */
  pgliteSharedBuffers?: string;
  poolSize?: number;
  /** Progress of long migration steps (online index builds). */
  log?: (message: string) => void;
  /** A pool connection lost while idle (PostgreSQL restarted, an administrator ended it). */
  warn?: (message: string) => void;
}

/**
 * The database PGlite opens. PGlite 0.3 always used template1; 0.4.3 moved its default to
 * "postgres", which in a folder made by 0.3 is empty: every company's data would seem gone.
 */
export const PGLITE_DATABASE = "template1";
/**
 * PGlite's buffer cache lives in the server's own memory and is touched in full at start:
 * PostgreSQL's 128MB put the server past its 300 MiB budget before the first request. Pages
 * not in it come from the data folder through the OS file cache. On the 50k-ticket bench data a
 * mix of tab, search, messages and contacts queries ran as fast with 16MB as with 128MB
 * (847–859 against 825–843 ms per 750 queries) for about 120 MiB less resident memory.
 * PGLITE_SHARED_BUFFERS raises it for a larger embedded database.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

/** The keyed handle of each database handle (see keyedDb). */
const keyedHandles = new WeakMap<DbOrTx, Db>();

/**
 * The handle to run a statement that finds its rows by key (ids, a ticket and its company) on:
 * on PostgreSQL a small pool of its own whose connections keep one generic plan per statement
 * (db/prepared.ts, preparingPool); on PGlite the same session, with plan_cache_mode switched
 * to generic plans around each of its statements (db/pglite-prepared.ts). A transaction runs
 * everything itself.
 */
export function keyedDb(db: DbOrTx): DbOrTx {
  return keyedHandles.get(db) ?? db;
}

export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const size = opts.poolSize ?? 10;
    const pool = new pg.Pool(
      preparingPool(opts.url, size, "force_custom_plan", ROW_CHANGES_CHANNEL),
    );
    const db = drizzleNodePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
    const keyedPool = new pg.Pool(
      preparingPool(opts.url, Math.max(2, Math.ceil(size / 2)), "force_generic_plan"),
    );
    // node-postgres drops a connection that fails while idle and reports it on its pool: with
    // no listener that report would end the process. The next query opens a new connection.
    for (const p of [pool, keyedPool])
      p.on("error", (err) => opts.warn?.(`database connection lost while idle: ${err.message}`));
    keyedHandles.set(
      db,
      drizzleNodePg(keyedPool, { schema, casing: "snake_case" }) as unknown as Db,
    );
    const poolNotices: ((payload: string) => void)[] = [];
    // The pool's connections LISTEN to the row changes (preparingPool): see onPoolNotice.
    pool.on("connect", (client) =>
      client.on("notification", (n) => {
        if (n.channel !== ROW_CHANGES_CHANNEL || !n.payload || isProbe(n.payload)) return;
        for (const handler of poolNotices) handler(n.payload);
      }),
    );
    return {
      db,
      kind: "postgres",
      executeSql: async (text, values) => pool.query(text, values as unknown[]),
      migrate: async () => {
        // Several nodes may start at once: one migrates, the others wait for it. The lock
        // lives on its own connection so the pool stays free for the migration itself.
        const lock = new pg.Client({ connectionString: opts.url });
        await lock.connect();
        try {
          await lock.query("select pg_advisory_lock(72431)");
          await migrateNodePg(db as never, { migrationsFolder: migrationsFolder() });
          // Outside drizzle's transaction: CREATE INDEX CONCURRENTLY (online-indexes.ts).
          await buildOnlineIndexes(
            "postgres",
            (text, values) => pool.query(text, values as unknown[]),
            readOnlineIndexes(migrationsFolder()),
            opts.log,
          );
        } finally {
          await lock.end().catch(() => undefined);
        }
      },
      listen: (channel, handlers) => listenPostgres(opts.url!, channel, handlers),
      onPoolNotice: (handler) => poolNotices.push(handler),
      close: async () => {
        await Promise.all([pool.end(), keyedPool.end()]);
      },
    };
  }
  if (opts.pgliteDir) {
    mkdirSync(opts.pgliteDir, { recursive: true });
    await makePgliteFolder(opts.pgliteDir, PGLITE_DATABASE);
  }
  // pg_trgm backs the ticket search indexes (migration 0001).
  const client = new PGlite({
    dataDir: opts.pgliteDir,
    loadDataDir: opts.pgliteImage,
    // PGlite before 0.4.3 kept its data in template1, and the data folders it made still do.
    database: PGLITE_DATABASE,
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      "-c",
      `shared_buffers=${opts.pgliteSharedBuffers ?? PGLITE_SHARED_BUFFERS}`,
      // Prepared statements (pglite-prepared.ts) are planned with their values, as on
      // PostgreSQL (db/prepared.ts, preparingPool).
      "-c",
      "plan_cache_mode=force_custom_plan",
      // A sequential scan costs PGlite a system call each time it starts (PostgreSQL asks the
      // table's size; PGlite's file system answers with fstat), and a ticket page starts
      // hundreds: one per ticket for each small table it shows (queue, user, connection). The
      // planner, which does not know that cost, is told to take an index wherever one serves:
      // ticket tabs 255–279 → 290–315 req/s, the dashboard 385 → 322 ms at 50,000 tickets.
      "-c",
      "enable_seqscan=off",
    ],
  });
  await client.waitReady;
  const handles = preparingPglite(client);
  const db = drizzlePglite(handles.db, { schema, casing: "snake_case" }) as unknown as Db;
  keyedHandles.set(
    db,
    drizzlePglite(handles.keyed, { schema, casing: "snake_case" }) as unknown as Db,
  );
  return {
    db,
    kind: "pglite",
    // Parameterless text may hold several statements (pg-boss migrations): exec runs them all.
    executeSql: async (text, values) =>
      values?.length
        ? client.query(text, values as unknown[])
        : ((await client.exec(text)).at(-1) ?? { rows: [] }),
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
      await buildOnlineIndexes(
        "pglite",
        (text) => client.exec(text).then(() => ({ rows: [] })),
        readOnlineIndexes(migrationsFolder()),
      );
    },
    // One process, one connection: the notices cannot be missed, it is live until closed.
    listen: async (channel, handlers) => {
      let live = true;
      const unlisten = await client.listen(channel, handlers.notice);
      return {
        get live() {
          return live;
        },
        close: async () => {
          live = false;
          if (!client.closed) await unlisten();
        },
      };
    },
    dump: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}
