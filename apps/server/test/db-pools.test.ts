import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, keyedDb, type Database, type DbOrTx } from "../src/db/client.js";
import { eventually } from "./harness.js";
import { testDatabaseUrl } from "./test-database.js";

const url = testDatabaseUrl();

const one = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows[0]!;

// Pools are node-postgres's: PGlite has one connection of its own and no pools.
describe.skipIf(!url)("the database's pools (PostgreSQL)", () => {
  let database: Database;
  const warnings: string[] = [];
  beforeAll(async () => {
    database = await createDatabase({ url, poolSize: 2, warn: (m) => warnings.push(m) });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("plans the keyed handle's statements once, the others with their values", async () => {
    const { db } = database;
    const mode = (handle: DbOrTx) =>
      one<{ plan_cache_mode: string }>(handle, sql`show plan_cache_mode`);
    expect(await mode(db)).toEqual({ plan_cache_mode: "force_custom_plan" });
    expect(await mode(keyedDb(db))).toEqual({ plan_cache_mode: "force_generic_plan" });
    // A transaction runs its statements itself.
    await db.transaction(async (tx) => {
      expect(keyedDb(tx)).toBe(tx);
      expect(await mode(tx)).toEqual({ plan_cache_mode: "force_custom_plan" });
    });
  });

  it("survives a connection ended while idle, says so, and opens a new one", async () => {
    const { db } = database;
    const pidOf = async (handle: DbOrTx) =>
      (await one<{ pid: number }>(handle, sql`select pg_backend_pid() as pid`)).pid;
    const pids = [await pidOf(db), await pidOf(keyedDb(db))];
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // As a PostgreSQL restart or an administrator would: without a listener on the pools
      // this would end the process running the tests.
      await admin.query("select pg_terminate_backend(pid) from unnest($1::int[]) pid", [pids]);
    } finally {
      await admin.end();
    }
    await eventually(() => warnings.length >= 2);
    expect(warnings[0]).toMatch(/database connection lost while idle/);
    const after = [await pidOf(db), await pidOf(keyedDb(db))];
    expect(after.some((pid) => pids.includes(pid))).toBe(false);
  });
});
