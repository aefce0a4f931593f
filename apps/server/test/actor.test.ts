import { eq, getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userQueues, userSessions, users } from "../src/db/schema/index.js";
import { loadActor, userRowOf } from "../src/modules/auth/actor.js";
import { columnName } from "../src/lib/sql.js";
import { createQueue, request, seedCompany, startTestServer, type TestServer } from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The claims the server signed into an access token. */
const claimsOf = (token: string) => {
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as {
    sub: number;
    sid: string;
  };
  return { sub: payload.sub, sid: payload.sid };
};

describe("the actor's lookup (atrium_actor, migration 0014)", () => {
  it("returns every column of users, so a column added later cannot go missing from it", async () => {
    const rows = await server.database.executeSql(
      `select a.name from pg_proc p, unnest(p.proargnames, p.proargmodes) as a(name, mode)
        where p.proname = 'atrium_actor' and a.mode = 't'`,
    );
    const returned = (rows.rows as { name: string }[]).map((r) => r.name);
    const columns = Object.values(getTableColumns(users)).map(columnName);
    expect(returned.slice(0, columns.length)).toEqual(columns);
  });

  it("reads the user's row as the table holds it, with the queues of the company acted in", async () => {
    const { company, member, as } = await seedCompany(server);
    const second = await createQueue(server.db, company.id);
    await server.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, member.id));
    await server.db
      .insert(userQueues)
      .values({ userId: member.id, queueId: second.id, companyId: company.id });

    const actor = await loadActor(server.db, claimsOf(as.member.token));
    const [row] = await server.db.select().from(users).where(eq(users.id, member.id));
    const me = await request(server, as.member, "GET", "/auth/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: member.id,
      email: member.email,
      updatedAt: row!.updatedAt.toISOString(),
    });
    expect(actor).toMatchObject({
      id: member.id,
      companyId: company.id,
      homeCompanyId: company.id,
      profile: "user",
      super: false,
    });
    expect(actor.queueIds).toEqual([...actor.queueIds].sort((a, b) => a - b));
    expect(actor.queueIds).toHaveLength(2);
    // Every column, decoded as drizzle decodes it (dates as Dates, nulls as nulls).
    expect(userRowOf(actor)).toEqual(row);
  });

  it("sees a session revoked a moment ago, and a session of another user is no session", async () => {
    const { as } = await seedCompany(server);
    const claims = claimsOf(as.admin.token);
    await expect(loadActor(server.db, claims)).resolves.toMatchObject({ id: claims.sub });
    await server.db
      .update(userSessions)
      .set({ revokedAt: sql`now()`, revokedReason: "logout" })
      .where(eq(userSessions.id, claims.sid));
    await expect(loadActor(server.db, claims)).rejects.toMatchObject({
      code: "ERR_SESSION_EXPIRED",
    });
    const other = claimsOf(as.member.token);
    await expect(loadActor(server.db, { sub: other.sub, sid: claims.sid })).rejects.toMatchObject({
      code: "ERR_SESSION_EXPIRED",
    });
    await expect(
      loadActor(server.db, { sub: 2_000_000_000, sid: other.sid }),
    ).rejects.toMatchObject({ code: "SM00011" });
  });
});
