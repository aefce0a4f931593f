import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelAdapter } from "../src/channels/channel.js";
import { connections, messages, tickets } from "../src/db/schema/index.js";
import { startFakeGraph, type FakeGraph } from "./fake-graph.js";
import { cloudTicket } from "./outbound-helpers.js";
import {
  createConnection,
  eventually,
  inbound,
  request,
  seedCompany,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let graph: FakeGraph;
let server: TestServer;
beforeAll(async () => {
  graph = await startFakeGraph();
  server = await startTestServer({
    config: { GRAPH_API_URL: graph.url, GRAPH_TIMEOUT_MS: "1500", OUTBOUND_CONCURRENCY: "4" },
  });
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

/** A Cloud ticket (outbound-helpers.ts) and the texts the provider took from it, in order. */
async function cloudCompany() {
  const c = await cloudTicket(server, graph);
  const sent = () =>
    c
      .posts()
      .filter((r) => !r.failed)
      .map((r) => r.body)
      .filter(Boolean);
  return { ...c, sent };
}

type Company = Awaited<ReturnType<typeof cloudCompany>>;

async function reply(c: Company, body: string) {
  return server.ctx.outbound.queue(c.ticket, { body, senderId: c.member.id });
}

async function messageRow(id: number) {
  const [row] = await server.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

async function connectionRow(id: number) {
  const [row] = await server.db.select().from(connections).where(eq(connections.id, id));
  return row!;
}

describe("outbound lanes", () => {
  it("sends one connection's messages in order", async () => {
    const c = await cloudCompany();
    const bodies = ["um", "dois", "três", "quatro", "cinco"];
    for (const body of bodies) await reply(c, body);
    await eventually(() => c.sent().length === bodies.length);
    expect(c.sent()).toEqual(bodies);
  });

  it("delivers another company's reply while a failing connection's messages wait in order, then sends those when it recovers", async () => {
    const a = await cloudCompany();
    const b = await cloudCompany();
    graph.fail({
      path: a.path,
      status: 500,
      error: { message: "Service down", code: 2 },
      times: 1e6,
    });
    const queued: Awaited<ReturnType<typeof reply>>[] = [];
    for (const body of ["a1", "a2", "a3"]) queued.push(await reply(a, body));
    await eventually(async () => (await connectionRow(a.connection.id)).sendFailures >= 1);
    const fromB = await reply(b, "b1");

    await eventually(async () => (await messageRow(fromB.id)).ack === 1);
    expect(b.sent()).toEqual(["b1"]);
    // A's messages are still queued: no error, no ack, nothing delivered.
    for (const m of queued) expect(await messageRow(m.id)).toMatchObject({ ack: 0, error: null });
    // The breaker trips, then the incident is recorded: a second statement.
    await eventually(async () => (await connectionRow(a.connection.id)).incidentAt !== null);
    const down = await connectionRow(a.connection.id);
    expect(down.degraded).toBe(true);
    expect(down.incidentReason).toContain("Service down");
    expect(down.incidentAt).not.toBeNull();

    graph.clearFailures();
    await eventually(async () => a.sent().length === 3, 5000);
    expect(a.sent()).toEqual(["a1", "a2", "a3"]);
    // The ack is stored after the provider's answer: wait for it rather than race it.
    const acked = async () => Promise.all(queued.map((m) => messageRow(m.id)));
    await eventually(async () => (await acked()).every((m) => m.ack === 1));
    for (const m of await acked()) expect(m).toMatchObject({ ack: 1, error: null });
    await eventually(async () => (await connectionRow(a.connection.id)).incidentAt === null);
    expect(await connectionRow(a.connection.id)).toMatchObject({
      degraded: false,
      sendFailures: 0,
      incidentReason: null,
      incidentAt: null,
    });
  });

  it("waits a provider's Retry-After on a 429 without tripping the breaker", async () => {
    const c = await cloudCompany();
    graph.fail({
      path: c.path,
      status: 429,
      error: { message: "Too many messages", code: 130429 },
      headers: { "retry-after": "1" },
    });
    const before = Date.now();
    const m = await reply(c, "depois");
    await eventually(async () => (await connectionRow(c.connection.id)).sendPausedUntil !== null);
    const paused = await connectionRow(c.connection.id);
    expect(paused.sendPausedUntil!.getTime() - before).toBeGreaterThanOrEqual(900);
    expect(paused.degraded).toBe(false);
    await eventually(async () => (await messageRow(m.id)).ack === 1, 5000);
    expect(c.sent()).toEqual(["depois"]);
  });

  it("a send left without an answer (timeout) is never sent again by itself; the connection backs off and the retry sends it", async () => {
    const c = await cloudCompany();
    graph.fail({ path: c.path, status: 200, error: { message: "late" }, delayMs: 3000 });
    const posted = (body: string) =>
      graph
        .find(c.path, "POST")
        .filter((r) => (r.body as { text?: { body?: string } }).text?.body === body);
    const m = await reply(c, "lento");
    // Meta may have it: marked for a person to check, not resent (no duplicate).
    await eventually(async () => (await messageRow(m.id)).error === "ERR_SEND_INTERRUPTED", 5000);
    expect(await messageRow(m.id)).toMatchObject({ ack: 0 });
    // The failure is counted on the connection right after the message is marked.
    await eventually(async () => (await connectionRow(c.connection.id)).sendFailures === 1);
    // The connection backs off, then the next message goes out; the first was not sent again.
    const next = await reply(c, "depois");
    await eventually(async () => (await messageRow(next.id)).ack === 1, 5000);
    await eventually(async () => (await connectionRow(c.connection.id)).sendFailures === 0);
    expect(posted("lento")).toHaveLength(1);

    const res = await request(server, c.as.member, "POST", `/messages/${m.id}/retry`);
    expect(res.statusCode).toBe(200);
    await eventually(async () => (await messageRow(m.id)).ack === 1, 5000);
    expect(await messageRow(m.id)).toMatchObject({ error: null });
    expect(posted("lento")).toHaveLength(2);
  });

  it("trips the breaker at once on a rejected token (190) and keeps the messages queued", async () => {
    const c = await cloudCompany();
    graph.fail({
      path: c.path,
      status: 401,
      error: { message: "Error validating access token", code: 190 },
      times: 1e6,
    });
    const m = await reply(c, "sem token");
    await eventually(async () => (await connectionRow(c.connection.id)).incidentAt !== null);
    const down = await connectionRow(c.connection.id);
    expect(down.degraded).toBe(true);
    expect(down.sendFailures).toBe(1);
    expect(down.incidentReason).toContain("Error validating access token");
    expect(await messageRow(m.id)).toMatchObject({ ack: 0, error: null });

    graph.clearFailures();
    await eventually(async () => (await messageRow(m.id)).ack === 1, 5000);
    // The probe went through: the breaker closes and the incident ends.
    await eventually(async () => (await connectionRow(c.connection.id)).incidentAt === null);
    expect((await connectionRow(c.connection.id)).degraded).toBe(false);
  });

  it("fails a message the provider refuses for good with its text, and the lane goes on", async () => {
    const c = await cloudCompany();
    graph.fail({
      path: c.path,
      status: 400,
      error: { message: "(#131026) Message undeliverable", code: 131026 },
    });
    const refused = await reply(c, "recusada");
    const next = await reply(c, "seguinte");
    await eventually(async () => (await messageRow(next.id)).ack === 1);
    expect((await messageRow(refused.id)).error).toContain("Message undeliverable");
    expect((await messageRow(refused.id)).ack).toBe(0);
    expect(c.sent()).toEqual(["seguinte"]);
  });

  it("sends a connection's agent replies before its bulk work (schedules)", async () => {
    const c = await cloudCompany();
    await server.ctx.lanes.stop();
    try {
      for (const body of ["agendada 1", "agendada 2"]) {
        const stored = await server.db.transaction((tx) =>
          server.ctx.outbound.insert(tx, c.ticket, { body }),
        );
        await server.ctx.outbound.afterInsert(c.ticket.id, stored, { bulk: true });
      }
      await reply(c, "resposta do agente");
    } finally {
      server.ctx.lanes.start(server.ctx.delivery.attempt);
    }
    await eventually(() => c.sent().length === 3);
    expect(c.sent()).toEqual(["resposta do agente", "agendada 1", "agendada 2"]);
  });

  it("keeps a company within 3/4 of the send slots, so a flood cannot starve another company", async () => {
    // OUTBOUND_CONCURRENCY is 4 here: company A may hold 3 slots, whatever it queues.
    const a = await seedCompany(server);
    const release: (() => void)[] = [];
    const started: number[] = [];
    const hanging: ChannelAdapter = {
      type: "INSTAGRAM",
      start: async () => undefined,
      stop: async () => undefined,
      send: (_connection, _contact, message) =>
        new Promise((resolve) => {
          started.push(message.messageId);
          release.push(() => resolve({ providerMessageId: `ig-${message.messageId}`, ack: 1 }));
        }),
      deleteMessage: async () => undefined,
      markRead: async () => undefined,
    };
    server.ctx.channels.register(hanging);
    const flood = [];
    for (let i = 0; i < 6; i++) {
      const connection = await createConnection(server, a.company.id, {
        name: `Insta ${uid()}`,
        channelType: "INSTAGRAM",
      });
      const { ticket } = await inbound(server, connection, { number: `igsid-${uid()}` });
      const [row] = await server.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      flood.push(await server.ctx.outbound.queue(row!, { body: `flood ${i}` }));
    }
    await eventually(() => started.length === 3);
    const b = await cloudCompany();
    const fromB = await reply(b, "b passa");
    await eventually(async () => (await messageRow(fromB.id)).ack === 1);
    expect(started).toHaveLength(3);

    // Released, the flood goes out in full.
    while (started.length < 6 || release.length) {
      release.splice(0).forEach((r) => r());
      await new Promise((r) => setTimeout(r, 20));
      const sent = await server.db
        .select({ ack: messages.ack })
        .from(messages)
        .where(
          inArray(
            messages.id,
            flood.map((m) => m.id),
          ),
        );
      if (sent.every((m) => m.ack === 1)) break;
    }
    expect(started).toHaveLength(6);
  });
});

describe("POST /messages/:id/retry", () => {
  async function failedMessage() {
    const c = await cloudCompany();
    graph.fail({
      path: c.path,
      status: 400,
      error: { message: "(#100) Invalid parameter", code: 100 },
    });
    const m = await reply(c, "outra vez");
    await eventually(async () => (await messageRow(m.id)).error !== null);
    return { c, m };
  }

  it("sends a failed message again and clears its error", async () => {
    const { c, m } = await failedMessage();
    const res = await request(server, c.as.member, "POST", `/messages/${m.id}/retry`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ id: m.id, ack: 0 });
    await eventually(async () => (await messageRow(m.id)).ack === 1);
    expect(await messageRow(m.id)).toMatchObject({ error: null });
    expect(c.sent()).toEqual(["outra vez"]);
  });

  it("sends again a message the provider took and later reported undelivered", async () => {
    const c = await cloudCompany();
    const m = await reply(c, "não entregue");
    await eventually(async () => (await messageRow(m.id)).ack === 1);
    const first = (await messageRow(m.id)).providerMessageId;
    // As a WhatsApp Cloud "failed" status leaves it (meta.webhooks.ts).
    await server.db
      .update(messages)
      .set({ error: "(#131047) Re-engagement message" })
      .where(eq(messages.id, m.id));
    const res = await request(server, c.as.member, "POST", `/messages/${m.id}/retry`);
    expect(res.statusCode).toBe(200);
    await eventually(async () => (await messageRow(m.id)).ack === 1);
    const again = await messageRow(m.id);
    expect(again.error).toBeNull();
    expect(again.providerMessageId).not.toBe(first);
    expect(c.sent()).toEqual(["não entregue", "não entregue"]);
  });

  it("refuses a message that did not fail with ERR_MESSAGE_NOT_FAILED", async () => {
    const c = await cloudCompany();
    const m = await reply(c, "foi");
    await eventually(async () => (await messageRow(m.id)).ack === 1);
    const res = await request(server, c.as.admin, "POST", `/messages/${m.id}/retry`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("ERR_MESSAGE_NOT_FAILED");
  });

  it("is refused to another company (404) and to a user who does not hold the ticket", async () => {
    const { c, m } = await failedMessage();
    const other = await seedCompany(server);
    const foreign = await request(server, other.as.admin, "POST", `/messages/${m.id}/retry`);
    expect(foreign.statusCode).toBe(404);
    const outsider = await request(server, c.as.outsider, "POST", `/messages/${m.id}/retry`);
    expect([403, 404]).toContain(outsider.statusCode);
    expect((await messageRow(m.id)).error).toContain("Invalid parameter");
    expect(c.sent()).toEqual([]);
  });
});

describe("upgrade", () => {
  it("a send queued by an earlier version on the global queue goes out through its lane", async () => {
    const c = await cloudCompany();
    const stored = await server.db.transaction((tx) =>
      server.ctx.outbound.insert(tx, c.ticket, { body: "da versão anterior" }),
    );
    // "outbound.send" with the default prefix: sharing the lanes' prefix, yet not a lane.
    await server.ctx.jobs.send(`${server.config.OUTBOUND_QUEUE_PREFIX}.send`, {
      messageId: stored.id,
    });
    await eventually(async () => (await messageRow(stored.id)).ack === 1);
    expect(c.sent()).toEqual(["da versão anterior"]);
  });
});

describe("acks", () => {
  it("never lowers an ack", async () => {
    const c = await cloudCompany();
    const m = await reply(c, "ack");
    await eventually(async () => (await messageRow(m.id)).ack === 1);
    await server.ctx.outbound.setAck(c.ticket, m.id, 3);
    await server.ctx.outbound.setAck(c.ticket, m.id, 2);
    expect((await messageRow(m.id)).ack).toBe(3);
  });
});
