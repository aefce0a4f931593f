import { and, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import { ticketListQuerySchema } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbOrTx } from "../src/db/client.js";
import { users } from "../src/db/schema/index.js";
import { shapedQuery, withPlaceholders } from "../src/lib/shaped.js";
import { dialect } from "../src/lib/sql.js";
import type { Actor } from "../src/modules/auth/actor.js";
import { ticketListWhere } from "../src/modules/tickets/tickets.scope.js";
import { createCompany, createUser, startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const actor = (profile: "admin" | "user"): Actor => ({
  id: 7,
  name: "A",
  profile,
  super: false,
  companyId: 3,
  homeCompanyId: 3,
  queueIds: [4, 5],
  sessionId: "s",
});

describe("withPlaceholders", () => {
  it("takes every ticket list filter apart faithfully: same text, values in drizzle's order", () => {
    const queries = [
      { status: "open", showAll: "true", queueIds: "[1,2,0]" },
      { status: "pending", queueIds: "[4]" },
      { status: "open", users: "[7,8]", tags: "[3]", withUnreadMessages: "true" },
      { status: "closed", date: "2026-11-01", updatedAt: "2026-11-02" },
    ];
    for (const who of ["admin", "user"] as const)
      for (const q of queries) {
        const where = ticketListWhere(
          actor(who),
          ticketListQuerySchema.parse({ pageNumber: "1", ...q }),
        );
        const { sql: text, params } = dialect.sqlToQuery(where);
        const shaped = withPlaceholders(where, params.length);
        expect(shaped, `${who} ${JSON.stringify(q)}`).not.toBeNull();
        const again = dialect.sqlToQuery(shaped!);
        expect(again.sql).toBe(text);
        expect(again.params.map((p) => (p as { name: string }).name)).toEqual(
          params.map((_, i) => `w${i}`),
        );
      }
  });

  it("gives up on a condition it cannot take apart (a placeholder already in it)", () => {
    const where = sql`${users.id} = ${sql.placeholder("mine")} and ${users.name} = ${"x"}`;
    expect(withPlaceholders(where, dialect.sqlToQuery(where).params.length)).toBeNull();
  });
});

describe("shapedQuery", () => {
  it("builds once per shape and answers each call with its own values", async () => {
    const a = await createCompany(server.db);
    const b = await createCompany(server.db);
    const [a1, a2] = [
      await createUser(server.db, { companyId: a.id, name: "Ana" }),
      await createUser(server.db, { companyId: a.id, name: "Bia" }),
    ];
    const b1 = await createUser(server.db, { companyId: b.id, name: "Caio" });
    let builds = 0;
    const names = shapedQuery((db: DbOrTx, where: SQL) => {
      builds++;
      return db
        .select({ name: users.name, createdAt: users.createdAt })
        .from(users)
        .where(where)
        .orderBy(users.name)
        .limit(sql.placeholder("limit"))
        .prepare("");
    });
    const byCompany = (id: number) => eq(users.companyId, id);
    expect((await names(server.db, byCompany(a.id), { limit: 10 })).map((r) => r.name)).toEqual([
      "Ana",
      "Bia",
    ]);
    expect((await names(server.db, byCompany(b.id), { limit: 10 })).map((r) => r.name)).toEqual([
      "Caio",
    ]);
    expect((await names(server.db, byCompany(a.id), { limit: 1 })).map((r) => r.name)).toEqual([
      "Ana",
    ]);
    expect(builds).toBe(1);

    // Another shape (two ids instead of one), and values that go through a column's encoder
    // (a Date written as the timestamp column writes it).
    const since = new Date(a1.createdAt.getTime() - 60_000);
    const rows = await names(
      server.db,
      and(inArray(users.id, [a2.id, b1.id]), gt(users.createdAt, since))!,
      { limit: 10 },
    );
    expect(rows.map((r) => r.name)).toEqual(["Bia", "Caio"]);
    expect(rows[0]!.createdAt).toEqual(a2.createdAt);
    expect(builds).toBe(2);
  });
});
