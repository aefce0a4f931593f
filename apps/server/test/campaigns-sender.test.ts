import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "../src/app.js";
import type { Database } from "../src/db/client.js";
import {
  campaignOptOuts,
  campaigns,
  campaignShipments,
  connectionQueues,
  connections,
} from "../src/db/schema/index.js";
import { createLogger } from "../src/lib/logger.js";
import { createList, enableCampaigns, FAST_SETTINGS, phone } from "./campaign-helpers.js";
import { startFakeGraph, type FakeGraph } from "./fake-graph.js";
import {
  createConnection,
  eventually,
  inbound,
  login,
  request,
  seedCompany,
  setSetting,
  testConfig,
  uid,
  type Session,
} from "./harness.js";
import { openTestDatabase } from "./test-database.js";

/**
 * The campaign sender against the fake Graph server (WhatsApp Cloud): each recipient gets one
 * message, intervals and allowed hours hold, pause/resume/cancel, a restart mid-campaign, and
 * the contacts' replies (opt-out, confirmation, the ticket's campaign). The app is built here
 * (not startTestServer) so a test can stop it and build another on the same database.
 */
let graph: FakeGraph;
let database: Database;
let built: BuiltApp;
const config = () =>
  testConfig({ GRAPH_API_URL: graph.url, GRAPH_TIMEOUT_MS: "1500", OUTBOUND_CONCURRENCY: "4" });
let appConfig: ReturnType<typeof config>;

async function startApp(): Promise<BuiltApp> {
  const app = await buildApp({ config: appConfig, database, logger: createLogger("silent") });
  await app.app.ready();
  return app;
}

beforeAll(async () => {
  graph = await startFakeGraph();
  database = await openTestDatabase();
  appConfig = config();
  built = await startApp();
});
afterAll(async () => {
  await built?.app.close();
  await database?.close();
  await graph?.close();
});

/** The server as the harness helpers take it. */
const server = () =>
  ({ ...built, db: database.db, database, config: appConfig, url: "" }) as unknown as Parameters<
    typeof seedCompany
  >[0];

/** A company with campaigns enabled and a WhatsApp Cloud connection on the fake Graph. */
async function cloudCompany(settings: Partial<typeof FAST_SETTINGS> = {}) {
  const s = await seedCompany(server());
  await enableCampaigns(server(), s.company.id);
  const phoneNumberId = `pn${uid()}`;
  const connection = await createConnection(server(), s.company.id, {
    name: `Cloud ${uid()}`,
    channelType: "WHATSAPP_BUSINESS",
    config: { accessToken: `token-${uid()}`, phoneNumberId },
  });
  await database.db.insert(connectionQueues).values({
    connectionId: connection.id,
    queueId: s.queue.id,
    companyId: s.company.id,
  });
  const saved = await request(server(), s.as.admin, "PUT", "/campaign-settings", {
    ...FAST_SETTINGS,
    ...settings,
  });
  expect(saved.statusCode).toBe(200);
  const path = `/${phoneNumberId}/messages`;
  /** What the provider took, in arrival order: recipient and text. */
  const posts = () =>
    graph
      .find(path, "POST")
      .filter((r) => !r.failed)
      .map((r) => ({
        to: (r.body as { to?: string }).to,
        body: (r.body as { text?: { body?: string } }).text?.body,
        at: r.at,
      }));
  return { ...s, connection, path, posts };
}

type Company = Awaited<ReturnType<typeof cloudCompany>>;

async function createCampaign(
  c: Company,
  list: { id: number },
  extra: Record<string, unknown> = {},
) {
  const res = await request(server(), c.as.admin, "POST", "/campaigns", {
    name: `Campanha ${uid()}`,
    whatsappId: c.connection.id,
    contactListId: list.id,
    messages: ["Olá {nome}, temos novidades!"],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string };
}

const campaign = async (session: Session, id: number) =>
  (await request(server(), session, "GET", `/campaigns/${id}`)).json();

const shipmentsOf = (id: number) =>
  database.db
    .select()
    .from(campaignShipments)
    .where(eq(campaignShipments.campaignId, id))
    .orderBy(asc(campaignShipments.id));

describe("campaign sender", () => {
  it("sends every recipient exactly one message with {nome} rendered, then finishes", async () => {
    const c = await cloudCompany();
    const people = [
      { name: "Ana", number: phone() },
      { name: "Bruno", number: phone() },
      { name: "Carla", number: phone() },
    ];
    const list = await createList(server(), c.as.admin, people);
    const created = await createCampaign(c, list);
    expect(created.status).toBe("EM_ANDAMENTO");
    // Finished once the last message has left its lane: the final report counts every send.
    await eventually(
      async () => (await campaign(c.as.admin, created.id)).status === "FINALIZADA",
      8000,
    );
    const done = await campaign(c.as.admin, created.id);
    expect(done.completedAt).not.toBeNull();
    expect(done.report).toMatchObject({ total: 3, pending: 0, sent: 3, failed: 0, skipped: 0 });
    const posts = c.posts();
    expect(posts.map((p) => p.to).sort()).toEqual(people.map((p) => p.number).sort());
    for (const p of people) {
      expect(posts.find((x) => x.to === p.number)?.body).toBe(`Olá ${p.name}, temos novidades!`);
    }
    const page = await request(server(), c.as.admin, "GET", `/campaigns/${created.id}/shipments`);
    expect(page.json()).toMatchObject({ count: 3, hasMore: false });
    expect(page.json().records.map((r: { status: string }) => r.status)).toEqual([
      "sent",
      "sent",
      "sent",
    ]);
  });

  it("one company's campaign waiting between messages does not hold another company's", async () => {
    const slow = await cloudCompany({ messageIntervalMin: 8, messageIntervalMax: 8 });
    const fast = await cloudCompany();
    const slowList = await createList(server(), slow.as.admin, [
      { name: "Ana", number: phone() },
      { name: "Bia", number: phone() },
    ]);
    await createCampaign(slow, slowList);
    // The slow run is now waiting 8 s in its job before its second message.
    await eventually(() => slow.posts().length === 1, 5000);
    const fastList = await createList(server(), fast.as.admin, [{ name: "Cid", number: phone() }]);
    await createCampaign(fast, fastList);
    // Sent while the slow one still waits (held behind it, it would go after its second).
    await eventually(() => fast.posts().length === 1, 7000);
    expect(slow.posts()).toHaveLength(1);
  });

  it("waits at least the minimum interval between two messages", async () => {
    const c = await cloudCompany({ messageIntervalMin: 1, messageIntervalMax: 1 });
    const list = await createList(
      server(),
      c.as.admin,
      [1, 2, 3].map((i) => ({ name: `P${i}`, number: phone() })),
    );
    const created = await createCampaign(c, list);
    await eventually(
      async () => (await campaign(c.as.admin, created.id)).status === "FINALIZADA",
      10_000,
    );
    const sentAt = (await shipmentsOf(created.id)).map((s) => s.sentAt!.getTime());
    for (let i = 1; i < sentAt.length; i++) {
      expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(1000);
    }
    await eventually(() => c.posts().length === 3, 5000);
  });

  it("sends nothing outside the allowed days and waits for the next allowed moment", async () => {
    const tomorrow = (new Date().getDay() + 1) % 7;
    const c = await cloudCompany({ allowedDays: [tomorrow] });
    const list = await createList(server(), c.as.admin, [{ name: "Ana", number: phone() }]);
    const created = await createCampaign(c, list);
    await eventually(async () => {
      const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, created.id));
      return (row?.nextRunAt?.getTime() ?? 0) > Date.now() + 3600_000;
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(c.posts()).toEqual([]);
    expect(await campaign(c.as.admin, created.id)).toMatchObject({
      status: "EM_ANDAMENTO",
      report: { total: 1, pending: 1 },
    });
  });

  it("pause holds the rest, resume sends it; cancel drops the recipients not sent", async () => {
    const c = await cloudCompany({ messageIntervalMin: 1, messageIntervalMax: 1 });
    const list = await createList(
      server(),
      c.as.admin,
      [1, 2, 3, 4].map((i) => ({ name: `P${i}`, number: phone() })),
    );
    const created = await createCampaign(c, list);
    await eventually(async () => (await shipmentsOf(created.id)).some((s) => s.sentAt), 5000);
    const paused = await request(server(), c.as.admin, "POST", `/campaigns/${created.id}/pause`);
    expect(paused.json().status).toBe("PAUSADA");
    const sentBefore = (await shipmentsOf(created.id)).filter((s) => s.sentAt).length;
    await new Promise((r) => setTimeout(r, 1800));
    expect((await shipmentsOf(created.id)).filter((s) => s.sentAt).length).toBe(sentBefore);
    const resumed = await request(server(), c.as.admin, "POST", `/campaigns/${created.id}/resume`);
    expect(resumed.json().status).toBe("EM_ANDAMENTO");
    await eventually(
      async () => (await campaign(c.as.admin, created.id)).status === "FINALIZADA",
      10_000,
    );
    await eventually(() => c.posts().length === 4, 5000);
    expect(new Set(c.posts().map((p) => p.to)).size).toBe(4);

    const other = await createCampaign(c, list);
    await eventually(async () => (await shipmentsOf(other.id)).some((s) => s.sentAt), 5000);
    const cancelled = await request(server(), c.as.admin, "POST", `/campaigns/${other.id}/cancel`);
    expect(cancelled.json().status).toBe("CANCELADA");
    await new Promise((r) => setTimeout(r, 1800));
    const report = (await campaign(c.as.admin, other.id)).report;
    expect(report.total).toBe(4);
    expect(report.pending).toBeGreaterThanOrEqual(2);
    expect((await shipmentsOf(other.id)).filter((s) => s.sentAt).length).toBe(4 - report.pending);
  });

  it("a restart mid-campaign sends the rest, nobody twice", async () => {
    const c = await cloudCompany({ messageIntervalMin: 1, messageIntervalMax: 1 });
    const people = [1, 2, 3, 4].map((i) => ({ name: `P${i}`, number: phone() }));
    const list = await createList(server(), c.as.admin, people);
    const created = await createCampaign(c, list);
    await eventually(async () => (await shipmentsOf(created.id)).some((s) => s.sentAt), 5000);
    await built.app.close();
    const sentWhileDown = (await shipmentsOf(created.id)).filter((s) => s.sentAt).length;
    expect(sentWhileDown).toBeLessThan(4);
    built = await startApp();
    const admin = await login(server(), c.admin.email);
    await eventually(
      async () => (await campaign(admin, created.id)).status === "FINALIZADA",
      10_000,
    );
    await eventually(() => c.posts().length === 4, 5000);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      c
        .posts()
        .map((p) => p.to)
        .sort(),
    ).toEqual(people.map((p) => p.number).sort());
  });

  it("an agent's reply on the same connection goes before the campaign messages waiting", async () => {
    const c = await cloudCompany();
    const contact = phone();
    const { ticket } = await inbound(server(), c.connection, { number: contact, body: "oi" });
    // The connection is held a moment: the campaign's message and the reply wait in line.
    await database.db
      .update(connections)
      .set({ sendPausedUntil: new Date(Date.now() + 1500) })
      .where(eq(connections.id, c.connection.id));
    const list = await createList(
      server(),
      c.as.admin,
      [1, 2, 3, 4, 5].map((i) => ({ name: `P${i}`, number: phone() })),
    );
    const created = await createCampaign(c, list);
    await eventually(async () => (await shipmentsOf(created.id)).some((s) => s.sentAt), 5000);
    await built.ctx.outbound.queue(ticket, { body: "resposta do agente", senderId: c.member.id });
    await eventually(() => c.posts().length === 6, 8000);
    expect(c.posts()[0]).toMatchObject({ to: contact, body: "resposta do agente" });
  });
});

describe("campaign sender: review fixes", () => {
  it("a number that opts out while the campaign runs is skipped, not sent", async () => {
    const c = await cloudCompany({ messageIntervalMin: 1, messageIntervalMax: 1 });
    const people = [1, 2, 3].map((i) => ({ name: `P${i}`, number: phone() }));
    const list = await createList(server(), c.as.admin, people);
    const created = await createCampaign(c, list);
    await eventually(async () => (await shipmentsOf(created.id)).some((s) => s.sentAt), 5000);
    // A reply to another campaign opted the third number out meanwhile.
    await database.db
      .insert(campaignOptOuts)
      .values({ companyId: c.company.id, number: people[2]!.number });
    await eventually(
      async () => (await campaign(c.as.admin, created.id)).status === "FINALIZADA",
      10_000,
    );
    expect((await campaign(c.as.admin, created.id)).report).toMatchObject({
      total: 3,
      sent: 2,
      skipped: 1,
    });
    await eventually(() => c.posts().length === 2, 5000);
    expect(c.posts().map((p) => p.to)).not.toContain(people[2]!.number);
  });

  it("at most one campaign message waits in the lane; a pause while it waits holds the rest", async () => {
    const c = await cloudCompany();
    // The connection is backing off: nothing leaves its lanes for a while.
    await database.db
      .update(connections)
      .set({ sendPausedUntil: new Date(Date.now() + 2500) })
      .where(eq(connections.id, c.connection.id));
    const list = await createList(
      server(),
      c.as.admin,
      [1, 2, 3, 4].map((i) => ({ name: `P${i}`, number: phone() })),
    );
    const created = await createCampaign(c, list);
    await new Promise((r) => setTimeout(r, 1200));
    const stored = (await shipmentsOf(created.id)).filter((s) => s.status === "queued");
    expect(stored).toHaveLength(1);
    expect(c.posts()).toEqual([]);
    const paused = await request(server(), c.as.admin, "POST", `/campaigns/${created.id}/pause`);
    expect(paused.json().status).toBe("PAUSADA");
    // The one already in the lane goes when the connection is back; nothing after it.
    await eventually(() => c.posts().length === 1, 5000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(c.posts()).toHaveLength(1);
    expect((await campaign(c.as.admin, created.id)).report).toMatchObject({ pending: 3 });
  });

  it("campaigns turned off for the company pause a running campaign", async () => {
    const c = await cloudCompany({ messageIntervalMin: 1, messageIntervalMax: 1 });
    const list = await createList(
      server(),
      c.as.admin,
      [1, 2, 3, 4].map((i) => ({ name: `P${i}`, number: phone() })),
    );
    const created = await createCampaign(c, list);
    await eventually(async () => (await shipmentsOf(created.id)).some((s) => s.sentAt), 5000);
    await setSetting(database.db, c.company.id, "campaignsEnabled", "false");
    await eventually(async () => {
      const [row] = await database.db.select().from(campaigns).where(eq(campaigns.id, created.id));
      return row?.status === "PAUSADA";
    }, 5000);
    const sent = (await shipmentsOf(created.id)).filter((s) => s.sentAt).length;
    expect(sent).toBeLessThan(4);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await shipmentsOf(created.id)).filter((s) => s.sentAt).length).toBe(sent);
  });

  it("an app closing mid-campaign leaves the campaign's next job queued", async () => {
    const c = await cloudCompany({ messageIntervalMin: 1, messageIntervalMax: 1 });
    const list = await createList(
      server(),
      c.as.admin,
      [1, 2, 3, 4].map((i) => ({ name: `P${i}`, number: phone() })),
    );
    const created = await createCampaign(c, list);
    await eventually(async () => (await shipmentsOf(created.id)).some((s) => s.sentAt), 5000);
    await built.app.close();
    const queued = await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'campaign.run'
        and singleton_key = ${`campaign-${created.id}`} and state in ('created', 'retry')`,
    );
    built = await startApp();
    expect((queued as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "a recipient row locked by someone else is waited for, not taken for the end",
    async () => {
      const c = await cloudCompany({ messageIntervalMin: 1, messageIntervalMax: 1 });
      const people = [1, 2, 3].map((i) => ({ name: `P${i}`, number: phone() }));
      const list = await createList(server(), c.as.admin, people);
      const created = await createCampaign(c, list);
      await eventually(async () => (await shipmentsOf(created.id)).some((s) => s.sentAt), 5000);
      const second = (await shipmentsOf(created.id))[1]!;
      // Another transaction (a contact delete's FK update) holds the second recipient's row.
      let release!: () => void;
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const holder = database.db.transaction(async (tx) => {
        await tx
          .select()
          .from(campaignShipments)
          .where(eq(campaignShipments.id, second.id))
          .for("update");
        locked();
        await new Promise<void>((r) => (release = r));
      });
      await isLocked;
      await new Promise((r) => setTimeout(r, 2500));
      release();
      await holder;
      await eventually(
        async () => (await campaign(c.as.admin, created.id)).status === "FINALIZADA",
        10_000,
      );
      expect((await campaign(c.as.admin, created.id)).report).toMatchObject({
        total: 3,
        pending: 0,
        sent: 3,
      });
    },
  );
});

describe("campaign replies", () => {
  it("a reply marks the recipient replied and the ticket shows the campaign", async () => {
    const c = await cloudCompany();
    const number = phone();
    const list = await createList(server(), c.as.admin, [{ name: "Ana", number }]);
    const created = await createCampaign(c, list);
    await eventually(() => c.posts().length === 1, 5000);
    const reply = await inbound(server(), c.connection, { number, body: "Quero saber mais" });
    await eventually(async () => (await campaign(c.as.admin, created.id)).report.replied === 1);
    const ticket = await request(server(), c.as.admin, "GET", `/tickets/${reply.ticket.id}`);
    expect(ticket.json().campaign).toEqual({ id: created.id, name: expect.any(String) });
    const page = await request(
      server(),
      c.as.admin,
      "GET",
      `/campaigns/${created.id}/shipments?status=replied`,
    );
    expect(page.json().records).toHaveLength(1);
  });

  it("an opt-out word (any case, accents) skips the number in the next campaign", async () => {
    const c = await cloudCompany({ optOutWords: ["Sair"] });
    const number = phone();
    const other = phone();
    const list = await createList(server(), c.as.admin, [
      { name: "Ana", number },
      { name: "Bia", number: other },
    ]);
    const first = await createCampaign(c, list);
    await eventually(() => c.posts().length === 2, 5000);
    await inbound(server(), c.connection, { number, body: "  SAÍR " });
    await eventually(async () => (await campaign(c.as.admin, first.id)).report.optedOut === 1);
    const [optOut] = await database.db
      .select()
      .from(campaignOptOuts)
      .where(eq(campaignOptOuts.number, number));
    expect(optOut?.companyId).toBe(c.company.id);

    const second = await createCampaign(c, list);
    await eventually(
      async () => (await campaign(c.as.admin, second.id)).status === "FINALIZADA",
      5000,
    );
    expect((await campaign(c.as.admin, second.id)).report).toMatchObject({ total: 2, skipped: 1 });
    await eventually(() => c.posts().length === 3, 5000);
    expect(c.posts().filter((p) => p.to === number)).toHaveLength(1);
  });

  it("a reply right after the campaign's last event still reaches the screens (throttle defers, never drops)", async () => {
    const c = await cloudCompany({ optOutWords: ["SAIR"] });
    const number = phone();
    const list = await createList(server(), c.as.admin, [{ name: "Ana", number }]);
    const events: { id: number; report: { optedOut: number } }[] = [];
    const publisher = built.ctx.publisher;
    const original = publisher.campaignChanged.bind(publisher);
    publisher.campaignChanged = (companyId, action, dto) => {
      if (companyId === c.company.id) events.push(dto as (typeof events)[number]);
      original(companyId, action, dto);
    };
    try {
      const created = await createCampaign(c, list);
      await eventually(
        async () => (await campaign(c.as.admin, created.id)).status === "FINALIZADA",
        5000,
      );
      // Within the throttle's second after the final event.
      await inbound(server(), c.connection, { number, body: "SAIR" });
      await eventually(() => events.at(-1)?.report.optedOut === 1, 4000);
    } finally {
      publisher.campaignChanged = original;
    }
  });

  it("the confirmation reply gets one confirmation message", async () => {
    const c = await cloudCompany();
    const number = phone();
    const list = await createList(server(), c.as.admin, [{ name: "Ana", number }]);
    const created = await createCampaign(c, list, {
      confirmation: true,
      confirmationMessages: ["Confirmado, {nome}!"],
      confirmationReply: "SIM",
    });
    await eventually(() => c.posts().length === 1, 5000);
    await inbound(server(), c.connection, { number, body: "talvez" });
    await inbound(server(), c.connection, { number, body: "sim" });
    await eventually(() => c.posts().length === 2, 5000);
    await inbound(server(), c.connection, { number, body: "sim" });
    await new Promise((r) => setTimeout(r, 500));
    expect(c.posts().map((p) => p.body)).toEqual(["Olá Ana, temos novidades!", "Confirmado, Ana!"]);
    expect((await campaign(c.as.admin, created.id)).report).toMatchObject({
      replied: 1,
      confirmed: 1,
    });
  });
});

describe("campaign replies: review fixes", () => {
  it("later messages of a contact who already replied do nothing", async () => {
    const c = await cloudCompany();
    const number = phone();
    const list = await createList(server(), c.as.admin, [{ name: "Ana", number }]);
    const created = await createCampaign(c, list);
    await eventually(() => c.posts().length === 1, 5000);
    const first = await inbound(server(), c.connection, { number, body: "Quero saber mais" });
    expect(first.answers).toBe(true);
    await eventually(async () => (await campaign(c.as.admin, created.id)).report.replied === 1);
    const later = await inbound(server(), c.connection, { number, body: "obrigado" });
    expect(later.answers).toBe(false);
    expect((await campaign(c.as.admin, created.id)).report).toMatchObject({ replied: 1 });
  });

  it("an opt-out word counts after confirming; punctuation and emoji do not matter", async () => {
    const c = await cloudCompany({ optOutWords: ["Sair"] });
    const number = phone();
    const list = await createList(server(), c.as.admin, [{ name: "Ana", number }]);
    const created = await createCampaign(c, list, {
      confirmation: true,
      confirmationMessages: ["Confirmado!"],
      confirmationReply: "Sim",
    });
    await eventually(() => c.posts().length === 1, 5000);
    await inbound(server(), c.connection, { number, body: "Sim!" });
    await eventually(async () => (await campaign(c.as.admin, created.id)).report.confirmed === 1);
    const sentence = await inbound(server(), c.connection, {
      number,
      body: "não quero sair agora",
    });
    expect(sentence.answers).toBe(false);
    await inbound(server(), c.connection, { number, body: "SAIR 🙏" });
    await eventually(async () => (await campaign(c.as.admin, created.id)).report.optedOut === 1);
    const [optOut] = await database.db
      .select()
      .from(campaignOptOuts)
      .where(eq(campaignOptOuts.number, number));
    expect(optOut?.companyId).toBe(c.company.id);
  });

  it("a reply answers only campaigns of its own connection", async () => {
    const c = await cloudCompany();
    const other = await createConnection(server(), c.company.id, {
      name: `Cloud ${uid()}`,
      channelType: "WHATSAPP_BUSINESS",
      config: { accessToken: `token-${uid()}`, phoneNumberId: `pn${uid()}` },
    });
    const number = phone();
    const list = await createList(server(), c.as.admin, [{ name: "Ana", number }]);
    const created = await createCampaign(c, list);
    await eventually(() => c.posts().length === 1, 5000);
    const elsewhere = await inbound(server(), other, { number, body: "oi" });
    expect(elsewhere.answers).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect((await campaign(c.as.admin, created.id)).report).toMatchObject({ replied: 0 });
  });

  it("the confirmation reply confirms the campaign that asked for it, not just the newest", async () => {
    const c = await cloudCompany();
    const number = phone();
    const list = await createList(server(), c.as.admin, [{ name: "Ana", number }]);
    const asking = await createCampaign(c, list, {
      confirmation: true,
      confirmationMessages: ["Confirmado, {nome}!"],
      confirmationReply: "SIM",
    });
    await eventually(() => c.posts().length === 1, 5000);
    await createCampaign(c, list, { messages: ["Outra novidade"] });
    await eventually(() => c.posts().length === 2, 5000);
    await inbound(server(), c.connection, { number, body: "sim" });
    await eventually(() => c.posts().length === 3, 5000);
    expect(c.posts()[2]?.body).toBe("Confirmado, Ana!");
    expect((await campaign(c.as.admin, asking.id)).report).toMatchObject({ confirmed: 1 });
  });
});
