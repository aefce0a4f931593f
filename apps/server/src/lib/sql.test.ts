import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema/index.js";
import { prerendered } from "./sql.js";

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
