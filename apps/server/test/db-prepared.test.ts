import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREPARED_PER_CONNECTION, preparingPool } from "../src/db/prepared.js";
import { testDatabaseUrl } from "./test-database.js";

const url = testDatabaseUrl();

// Named statements live in a PostgreSQL connection; PGlite has no pool and no wire protocol.
describe.skipIf(!url)("recurring statements are prepared once per connection", () => {
  const table = `prep_${randomUUID().slice(0, 8)}`;
  let pool: pg.Pool;
  /** The statements the pool's single connection holds prepared. */
  const prepared = async () =>
    (
      await pool.query<{ statement: string }>(
        "select statement from pg_prepared_statements order by statement",
      )
    ).rows.map((r) => r.statement);

  beforeAll(async () => {
    // One connection, so every query below runs where pg_prepared_statements is read.
    pool = new pg.Pool(preparingPool(url!, 1));
    await pool.query(`create table ${table} (id int primary key, body text)`);
    await pool.query(`insert into ${table} select g, 'row ' || g from generate_series(1, 50) g`);
  });
  afterAll(async () => {
    await pool.query(`drop table if exists ${table}`);
    await pool.end();
  });

  it("prepares a parameterised statement once it recurs, and answers the same rows", async () => {
    const text = `select id, body from ${table} where id = $1`;
    const answers = [];
    for (const id of [3, 4, 5]) answers.push((await pool.query({ text, values: [id] })).rows);
    expect(answers).toEqual([
      [{ id: 3, body: "row 3" }],
      [{ id: 4, body: "row 4" }],
      [{ id: 5, body: "row 5" }],
    ]);
    expect(await prepared()).toContain(text);
    // The pool's callback path (Pool.query with a config object) as well as the client's.
    const client = await pool.connect();
    try {
      expect((await client.query({ text, values: [7], rowMode: "array" })).rows).toEqual([
        [7, "row 7"],
      ]);
    } finally {
      client.release();
    }
  });

  it("plans every run with its values, never with a generic plan", async () => {
    // Skewed data: a generic plan cannot know that one value is rare and another everywhere.
    await pool.query(`update ${table} set body = 'common' where id > 1`);
    await pool.query(`analyze ${table}`);
    const text = `select count(*)::int as n from ${table} where body = $1`;
    const counts = [];
    for (let i = 0; i < 8; i++)
      counts.push((await pool.query({ text, values: [i % 2 ? "row 1" : "common"] })).rows[0].n);
    expect(counts).toEqual([49, 1, 49, 1, 49, 1, 49, 1]);
    const [row] = (
      await pool.query<{ generic_plans: string; custom_plans: string }>(
        "select generic_plans, custom_plans from pg_prepared_statements where statement = $1",
        [text],
      )
    ).rows;
    // The first run is unnamed (a text is prepared once it recurs).
    expect(row).toEqual({ generic_plans: "0", custom_plans: "7" });
    await pool.query(`update ${table} set body = 'row ' || id`);
  });

  it("never prepares EXPLAIN (its estimate must see the values), text-only or one-off statements", async () => {
    const explain = `explain select id from ${table} where id = $1`;
    for (let i = 0; i < 4; i++) await pool.query({ text: explain, values: [i] });
    const once = `select body from ${table} where id = $1 and body <> 'once'`;
    await pool.query({ text: once, values: [1] });
    // Several statements in one text: only the simple protocol runs these.
    const multi = await pool.query(`select 1 as a; select 2 as b`);
    expect(Array.isArray(multi)).toBe(true);
    await pool.query(`select count(*) from ${table}`);
    await pool.query(`select count(*) from ${table}`);
    const held = await prepared();
    expect(held.some((s) => /explain/i.test(s))).toBe(false);
    expect(held).not.toContain(once);
    expect(held).not.toContain(`select count(*) from ${table}`);
  });

  it("runs a statement again after another node's migration changed its table", async () => {
    const text = `select * from ${table} where id = $1`;
    for (let i = 0; i < 3; i++) await pool.query({ text, values: [1] });
    expect(await prepared()).toContain(text);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query(`alter table ${table} add column extra int default 9`);
    } finally {
      await other.end();
    }
    // Promise path and callback path (Pool.query hands the client a callback).
    expect((await pool.query({ text, values: [2] })).rows).toEqual([
      { id: 2, body: "row 2", extra: 9 },
    ]);
    // Inside a transaction the failure aborts it; after the rollback the statement runs again.
    for (let i = 0; i < 2; i++) await pool.query({ text, values: [2] });
    expect(await prepared()).toContain(text);
    await pool.query(`alter table ${table} add column more int default 7`);
    const client = await pool.connect();
    try {
      await client.query("begin");
      await expect(client.query({ text, values: [2] })).rejects.toThrow();
      await client.query("rollback");
      for (let i = 0; i < 3; i++)
        expect((await client.query({ text, values: [2] })).rows).toEqual([
          { id: 2, body: "row 2", extra: 9, more: 7 },
        ]);
    } finally {
      client.release();
    }
    await pool.query(`alter table ${table} drop column more`);
    await pool.query(`alter table ${table} drop column extra`);
    const rows = await new Promise<unknown[]>((resolve, reject) =>
      pool.query({ text, values: [3] }, (err, res) => (err ? reject(err) : resolve(res.rows))),
    );
    expect(rows).toEqual([{ id: 3, body: "row 3" }]);
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements per connection and runs the rest unnamed`, async () => {
    const distinct = PREPARED_PER_CONNECTION + 20;
    for (let i = 0; i < distinct; i++) {
      const text = `select id, ${i} as k from ${table} where id = $1`;
      for (let round = 0; round < 2; round++) {
        const { rows } = await pool.query({ text, values: [(i % 50) + 1] });
        expect(rows).toEqual([{ id: (i % 50) + 1, k: i }]);
      }
    }
    expect((await prepared()).length).toBe(PREPARED_PER_CONNECTION);
  });
});
