import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import * as schema from "../db/schema/index.js";
import { MAX_ESTIMATES, plannedRowsCached, prerendered } from "./sql.js";

const { contacts, tickets } = schema;

describe("prerendered", () => {
  it("renders a fragment once, columns qualified by their table", () => {
    const fragment = prerendered(sql`(select ${contacts.name} from ${contacts}
      where ${contacts.id} = ${tickets.contactId})`);
    // A one-table select would otherwise print the fragment's columns bare: "contact_id" would
    // then bind to the subquery's own table when it has such a column.
    const db = drizzle.mock({ schema, casing: "snake_case" });
    const { sql: text } = db.select({ id: tickets.id, name: fragment }).from(tickets).toSQL();
    expect(text).toContain(`"contacts"."id" = "tickets"."contact_id"`);
    expect(text).toContain(`"contacts"."name"`);
  });

  it("refuses a fragment with parameters (they would be frozen into the text)", () => {
    expect(() => prerendered(sql`${tickets.id} = ${42}`)).toThrow(/parameters/);
  });
});

describe("plannedRowsCached", () => {
  it("answers a key again from memory, keeps at most MAX_ESTIMATES and forgets the oldest", async () => {
    const client = new PGlite();
    const db = drizzle(client) as unknown as Db;
    try {
      // generate_series(1, n) is planned at exactly n rows.
      const rows = (n: number) => sql`select * from generate_series(1, ${sql.raw(String(n))})`;
      expect(await plannedRowsCached(db, "term", rows(5))).toBe(5);
      expect(await plannedRowsCached(db, "term", rows(7))).toBe(5);
      expect(await plannedRowsCached(db, "term", rows(7), 0)).toBe(7); // past its time
      for (let i = 0; i < MAX_ESTIMATES - 1; i++)
        await plannedRowsCached(db, `other ${i}`, rows(1));
      expect(await plannedRowsCached(db, "term", rows(9))).toBe(7); // still kept: the cache is full
      await plannedRowsCached(db, "one more", rows(1));
      expect(await plannedRowsCached(db, "term", rows(9))).toBe(9); // the oldest went first
    } finally {
      await client.close();
    }
  });
});
