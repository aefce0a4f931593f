import { eq, getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, userQueues, userSessions, users } from "../src/db/schema/index.js";
import { ActorCache, loadActor, userRowOf } from "../src/modules/auth/actor.js";
import { columnName } from "../src/lib/sql.js";
import { ROW_CHANGES_CHANNEL } from "../src/db/row-cache.js";
import {
  createQueue,
  eventually,
  request,
  seedCompany,
  startTestServer,
  type TestServer,
} from "./harness.js";

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

describe("actors kept in memory (ActorCache, migration 0015)", () => {
  it("keeps an actor's row: a kept actor is served without reading it again", async () => {
    const { member, as } = await seedCompany(server);
    const claims = claimsOf(as.member.token);
    // Live, but told of no change: what it serves is what it kept.
    const kept = new ActorCache(() => true);
    expect((await kept.load(server.db, claims)).name).toBe(member.name);
    await server.db.update(users).set({ name: "Renomeada" }).where(eq(users.id, member.id));
    expect((await kept.load(server.db, claims)).name).toBe(member.name);
    expect(kept.size).toBe(1);
    kept.forget("users", [member.id]);
    expect((await kept.load(server.db, claims)).name).toBe("Renomeada");
    kept.forget("companies", [member.companyId]);
    expect(kept.size).toBe(0);
  });

  it("the next call after a change to the user, its queues, company or session reads it again, whoever changed it", async () => {
    const { company, member, as } = await seedCompany(server);
    const claims = claimsOf(as.member.token);
    const actors = server.ctx.actors;
    expect((await actors.load(server.db, claims)).name).toBe(member.name);

    // Not through a service: the notice comes from the table's trigger.
    await server.db.update(users).set({ name: "Renomeada" }).where(eq(users.id, member.id));
    expect((await actors.load(server.db, claims)).name).toBe("Renomeada");

    const queue = await createQueue(server.db, company.id);
    await server.db
      .insert(userQueues)
      .values({ userId: member.id, queueId: queue.id, companyId: company.id });
    expect((await actors.load(server.db, claims)).queueIds).toContain(queue.id);
    await server.db.delete(userQueues).where(eq(userQueues.queueId, queue.id));
    expect((await actors.load(server.db, claims)).queueIds).not.toContain(queue.id);

    await server.db.update(companies).set({ status: false }).where(eq(companies.id, company.id));
    await expect(actors.load(server.db, claims)).rejects.toMatchObject({ code: "SM00012" });
    await server.db.update(companies).set({ status: true }).where(eq(companies.id, company.id));
    expect((await actors.load(server.db, claims)).id).toBe(member.id);

    // Logged out: the token's session is refused from the next call on.
    expect((await request(server, as.member, "POST", "/auth/logout")).statusCode).toBeLessThan(300);
    await expect(actors.load(server.db, claims)).rejects.toMatchObject({
      code: "ERR_SESSION_EXPIRED",
    });
    expect((await request(server, as.member, "GET", "/auth/me")).statusCode).toBe(401);
  });

  it("a company's protocol counter, moved by every new ticket, sends no notice", async () => {
    const { company } = await seedCompany(server);
    const heard: string[] = [];
    const listening = await server.database.listen(ROW_CHANGES_CHANNEL, {
      notice: (payload) => heard.push(payload),
      gap: () => undefined,
    });
    try {
      await server.db
        .update(companies)
        .set({ lastProtocol: sql`${companies.lastProtocol} + 1` })
        .where(eq(companies.id, company.id));
      await server.db.update(companies).set({ status: true }).where(eq(companies.id, company.id));
      await eventually(() => heard.includes(`companies:${company.id}`));
      // One notice, for the statement that touched the company's standing.
      expect(heard.filter((p) => p === `companies:${company.id}`)).toHaveLength(1);
    } finally {
      await listening.close();
    }
  });

  it("keeps nothing while notices cannot arrive", async () => {
    const { member, as } = await seedCompany(server);
    const claims = claimsOf(as.member.token);
    const deaf = new ActorCache(() => false);
    expect((await deaf.load(server.db, claims)).name).toBe(member.name);
    await server.db.update(users).set({ name: "Lida de novo" }).where(eq(users.id, member.id));
    expect((await deaf.load(server.db, claims)).name).toBe("Lida de novo");
    expect(deaf.size).toBe(0);
  });
});
