import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { parse, PGlite, protocol } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import {
  createDatabase,
  keyedDb,
  PGLITE_DATABASE,
  PGLITE_SHARED_BUFFERS,
  type Database,
} from "../src/db/client.js";
import { makePgliteFolder } from "../src/db/pglite-folder.js";
import { firstResult, joined } from "../src/db/pglite-prepared.js";
import { companies, plans } from "../src/db/schema/index.js";
import { maintainPglite, maintenanceOf } from "../src/db/pglite-maintenance.js";

// The embedded database's own folder: what a restart (or an upgrade of PGlite) must keep.
const dir = mkdtempSync(path.join(tmpdir(), "atrium-pglite-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const one = async (database: Pick<Database, "executeSql">, q: string) =>
  (await database.executeSql(q)).rows[0] as Record<string, unknown>;

describe("PGlite data folder", () => {
  it("opens the database PGlite 0.3 kept its data in, with the buffer cache asked for", async () => {
    // Folders made before the PGlite 0.4 upgrade hold every table in template1; opening the
    // newer default ("postgres") would show an empty product.
    expect(PGLITE_DATABASE).toBe("template1");
    const first = await createDatabase({ pgliteDir: dir, pgliteSharedBuffers: "24MB" });
    try {
      await first.migrate();
      expect(await one(first, "select current_database() as db")).toEqual({ db: "template1" });
      expect(await one(first, "show shared_buffers")).toEqual({ shared_buffers: "24MB" });
      await first.executeSql("insert into plans (name) values ('Kept')");
    } finally {
      await first.close();
    }

    const again = await createDatabase({ pgliteDir: dir });
    try {
      await again.migrate();
      expect(await one(again, "select count(*)::int as n from plans where name = 'Kept'")).toEqual({
        n: 1,
      });
      expect(await one(again, "show shared_buffers")).toEqual({
        shared_buffers: PGLITE_SHARED_BUFFERS,
      });
    } finally {
      await again.close();
    }
  });
});

describe("a PGlite started from another's dump (the tests' image)", () => {
  it("holds the rows the dump held and keeps its own changes to itself", async () => {
    const source = await createDatabase({});
    let image: Blob;
    try {
      await source.migrate();
      await source.executeSql("insert into plans (name) values ('Dumped')");
      image = await source.dump!();
    } finally {
      await source.close();
    }
    const names = async (database: Database) =>
      (await database.executeSql("select name from plans order by name")).rows;
    const first = await createDatabase({ pgliteImage: image });
    const second = await createDatabase({ pgliteImage: image });
    try {
      expect(await one(first, "select current_database() as db")).toEqual({ db: PGLITE_DATABASE });
      await first.executeSql("insert into plans (name) values ('First only')");
      expect(await names(first)).toEqual([{ name: "Dumped" }, { name: "First only" }]);
      expect(await names(second)).toEqual([{ name: "Dumped" }]);
      // Migrated already: the migrations find nothing to do, and the trigram indexes work.
      await second.migrate();
      expect(
        await one(
          second,
          "select count(*)::int as n from pg_indexes where indexname = 'tickets_tab_status'",
        ),
      ).toEqual({ n: 1 });
      expect(await one(second, "select similarity('atrium', 'atrio') > 0 as ok")).toEqual({
        ok: true,
      });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

describe("a new PGlite folder", () => {
  it("is made by a child process (initdb's memory leaves with it); a made one is left alone", async () => {
    const fresh = path.join(dir, "made");
    mkdirSync(fresh);
    await makePgliteFolder(fresh, PGLITE_DATABASE);
    const version = path.join(fresh, "PG_VERSION");
    expect(existsSync(version)).toBe(true);
    const made = statSync(version).mtimeMs;
    await makePgliteFolder(fresh, PGLITE_DATABASE);
    expect(statSync(version).mtimeMs).toBe(made);

    const database = await createDatabase({ pgliteDir: fresh });
    try {
      expect(await one(database, "select current_database() as db")).toEqual({ db: "template1" });
    } finally {
      await database.close();
    }
  });

  it("says which folder it could not make", async () => {
    const file = path.join(dir, "a-file");
    writeFileSync(file, "");
    await expect(makePgliteFolder(path.join(file, "db"), PGLITE_DATABASE)).rejects.toThrow(
      `could not make the database folder ${path.join(file, "db")}`,
    );
  });
});

describe("PGlite maintenance (it has no autovacuum)", () => {
  it("decides like autovacuum: a table never measured is analyzed, one that moved by a tenth is vacuumed", () => {
    expect(maintenanceOf({ pages: 4, relpages: 0, reltuples: -1 })).toBeUndefined();
    expect(maintenanceOf({ pages: 100, relpages: 0, reltuples: -1 })).toBe("analyze");
    expect(maintenanceOf({ pages: 100, relpages: 95, reltuples: 9000 })).toBeUndefined();
    expect(maintenanceOf({ pages: 120, relpages: 100, reltuples: 9000 })).toBe("vacuum (analyze)");
    expect(maintenanceOf({ pages: 60, relpages: 100, reltuples: 9000 })).toBe("vacuum (analyze)");
  });

  it("gathers the statistics the planner needs, then leaves unchanged tables alone", async () => {
    const database = await createDatabase({});
    try {
      await database.migrate();
      const stats = async () =>
        (await one(
          database,
          `select (select count(*)::int from pg_stats where tablename = 'plans') as columns,
                  (select reltuples::int from pg_class where relname = 'plans') as rows`,
        )) as { columns: number; rows: number };
      await database.executeSql(
        "insert into plans (name) select 'plan ' || g from generate_series(1, 5000) g",
      );
      expect(await stats()).toEqual({ columns: 0, rows: -1 });

      expect(await maintainPglite(database.executeSql)).toContain("analyze plans");
      const measured = await stats();
      expect(measured.columns).toBeGreaterThan(5);
      expect(measured.rows).toBeGreaterThanOrEqual(5000);
      expect(await maintainPglite(database.executeSql)).not.toContainEqual(
        expect.stringMatching(/ plans$/),
      );

      // Every row updated: the table doubles with dead versions until a vacuum clears them.
      await database.executeSql("update plans set grace_days = grace_days + 1");
      expect(await maintainPglite(database.executeSql)).toContain("vacuum (analyze) plans");
      const size = async () =>
        (await one(database, "select pg_relation_size('plans')::int as bytes")).bytes as number;
      const vacuumed = await size();
      await database.executeSql("update plans set grace_days = grace_days + 1");
      expect(await size()).toBe(vacuumed); // the second update reused the space the vacuum freed
    } finally {
      await database.close();
    }
  });
});

describe("PGlite's recurring statements (db/pglite-prepared.ts)", () => {
  it("decode a statement's rows as PGlite's parseResults does, with the statement's own parsers", async () => {
    const client = new PGlite();
    try {
      const { serialize } = protocol;
      const run = async (text: string, values: (string | null)[] = []) =>
        (
          await client.execProtocol(
            joined([
              serialize.parse({ text, types: [] }),
              serialize.bind({ values }),
              serialize.describe({ type: "P" }),
              serialize.execute({}),
              serialize.sync(),
            ]),
          )
        ).messages;
      await client.exec("create table t (id serial primary key, j jsonb, at timestamptz, n int)");
      const statements: [string, (string | null)[]][] = [
        [
          "insert into t (j, at, n) values ($1, now(), 1), ('[1]', null, null) returning *",
          ['{"a":1}'],
        ],
        ["select id, j, at, n, n is null as empty, 'x'::text as s from t order by id", []],
        ["update t set n = 2", []],
        ["delete from t where id = $1", ["1"]],
        ["select 1 where false", []],
      ];
      const own = { 1184: (v: string) => `at ${v}` };
      for (const [text, values] of statements) {
        const messages = await run(text, values);
        for (const options of [
          undefined,
          { rowMode: "array" as const },
          { rowMode: "array" as const, parsers: own },
        ]) {
          expect(firstResult(messages, client.parsers, options)).toEqual(
            parse.parseResults(messages, client.parsers, options)[0],
          );
        }
      }
    } finally {
      await client.close();
    }
  });

  it("prepared after their second run, answer as PGlite's own query does, values and errors alike", async () => {
    const database = await createDatabase({});
    try {
      await database.migrate();
      const db = database.db;
      const [plan] = await db
        .insert(plans)
        .values({ name: `Plano ${Date.now()}` })
        .returning();
      const [company] = await db
        .insert(companies)
        .values({ name: "Prepared", planId: plan!.id, dueDate: "2031-02-03" })
        .returning();
      const read = () =>
        db
          .select({ id: companies.id, name: companies.name, dueDate: companies.dueDate })
          .from(companies)
          .where(
            and(
              inArray(companies.id, [company!.id, -1]),
              eq(companies.status, true),
              gte(companies.createdAt, new Date(Date.now() - 60_000)),
            ),
          );
      const unnamed = await read();
      expect(unnamed).toEqual([{ id: company!.id, name: "Prepared", dueDate: "2031-02-03" }]);
      // The second run prepares it, the third runs it prepared: the same rows, decoded the same.
      expect(await read()).toEqual(unnamed);
      expect(await read()).toEqual(unnamed);
      const statements = await database.executeSql(
        "select count(*)::int as n from pg_prepared_statements where statement like '%\"companies\"%'",
      );
      expect(statements.rows).toEqual([{ n: 1 }]);

      // A unique violation still carries its code (the services' duplicate checks read it).
      const add = (name: string) => db.insert(plans).values({ name }).returning();
      for (let i = 0; i < 3; i++) await add(`Único ${i}`);
      await expect(add("Único 0")).rejects.toMatchObject({ cause: { code: "23505" } });

      // A notice sent by a prepared statement reaches the listeners.
      const heard: string[] = [];
      const listening = await database.listen("atrium_row_changes", {
        notice: (payload) => heard.push(payload),
        gap: () => undefined,
      });
      const stand = (status: boolean) =>
        db.update(companies).set({ status }).where(eq(companies.id, company!.id));
      for (const status of [true, false, true]) await stand(status);
      expect(heard).toEqual(Array(3).fill(`companies:${company!.id}`));
      await listening.close();
    } finally {
      await database.close();
    }
  });

  it("run by key with one generic plan, everything else planned with its values", async () => {
    const database = await createDatabase({});
    try {
      await database.migrate();
      const db = database.db;
      const keyed = keyedDb(db);
      expect(keyed).not.toBe(db);
      const byKey = (id: number) =>
        keyed.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
      const byName = (name: string) =>
        db.select({ id: companies.id }).from(companies).where(eq(companies.name, name));
      for (let i = 0; i < 4; i++) {
        await byKey(i + 1);
        await byName(`Empresa ${i}`);
      }
      // An error inside the keyed statement leaves the session planning with values too: run
      // twice, the second time prepared (a generic plan that fails).
      const failing = () =>
        keyed
          .select({ id: companies.id })
          .from(companies)
          .where(sql`${companies.id} = 1 / ${0}`);
      for (let i = 0; i < 2; i++)
        await expect(failing()).rejects.toMatchObject({ cause: { code: "22012" } });
      const plans = await database.executeSql(
        `select generic_plans > 0 as generic, custom_plans > 0 as custom
           from pg_prepared_statements
          where statement like '%where "companies"."id" = $1' or statement like '%where "companies"."name" = $1'
          order by statement`,
      );
      // "companies"."id" = $1 (keyed), then "companies"."name" = $1 (the main handle).
      expect(plans.rows).toEqual([
        { generic: true, custom: false },
        { generic: false, custom: true },
      ]);
      const mode = await database.executeSql("show plan_cache_mode");
      expect(mode.rows).toEqual([{ plan_cache_mode: "force_custom_plan" }]);
    } finally {
      await database.close();
    }
  });
});
