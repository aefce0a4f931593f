import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RowChanges } from "../src/db/row-cache.js";
import { connectionQueues, connections, messages } from "../src/db/schema/index.js";
import { createLogger } from "../src/lib/logger.js";
import {
  META_APP_SECRET,
  META_VERIFY_TOKEN,
  messagingPayload,
  postWebhook,
  startFakeGraph,
  type FakeGraph,
} from "./fake-graph.js";
import {
  createConnection,
  eventually,
  request,
  seedCompany,
  startTestServer,
  uid,
  visitorSession,
  type TestServer,
} from "./harness.js";

let graph: FakeGraph;
let server: TestServer;
beforeAll(async () => {
  graph = await startFakeGraph();
  server = await startTestServer({
    config: { GRAPH_API_URL: graph.url, META_APP_SECRET, META_VERIFY_TOKEN },
  });
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

const pageMessage = (pageId: string, psid: string, mid: string, text: string) =>
  messagingPayload("page", pageId, [
    {
      sender: { id: psid },
      recipient: { id: pageId },
      timestamp: Date.now(),
      message: { mid, text },
    },
  ]);

const bodiesOf = async (connectionId: number) =>
  (
    await server.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.connectionId, connectionId))
      .orderBy(messages.id)
  ).map((m) => m.body);

describe("inbound rows kept in memory, forgotten when they change", () => {
  it("a page moved to another id by any statement: the next webhook follows it", async () => {
    const seeded = await seedCompany(server);
    const oldPage = `page-${uid()}`;
    const newPage = `page-${uid()}`;
    const connection = await createConnection(server, seeded.company.id, {
      channelType: "FACEBOOK",
      config: { accessToken: `token-${uid()}`, pageId: oldPage },
    });
    await server.db.insert(connectionQueues).values({
      connectionId: connection.id,
      queueId: seeded.queue.id,
      companyId: seeded.company.id,
    });
    const psid = `psid-${uid()}`;
    expect(
      (await postWebhook(server, pageMessage(oldPage, psid, `m-${uid()}`, "antes"))).statusCode,
    ).toBe(200);
    const key = `meta:FACEBOOK:${oldPage}`;
    expect(server.ctx.inboundRows.connections.peek(key)?.id).toBe(connection.id);

    // Not through the service: the notice comes from the table's trigger.
    await server.db.execute(
      sql`update connections set config = jsonb_set(config, '{pageId}', to_jsonb(${newPage}::text)) where id = ${connection.id}`,
    );
    await eventually(() => server.ctx.inboundRows.connections.peek(key) === undefined);

    await postWebhook(server, pageMessage(oldPage, psid, `m-${uid()}`, "página antiga"));
    await postWebhook(server, pageMessage(newPage, psid, `m-${uid()}`, "página nova"));
    expect(await bodiesOf(connection.id)).toEqual(["antes", "página nova"]);
  });

  it("a deleted connection receives nothing more", async () => {
    const seeded = await seedCompany(server);
    const pageId = `page-${uid()}`;
    const connection = await createConnection(server, seeded.company.id, {
      channelType: "FACEBOOK",
      isDefault: false,
      config: { accessToken: `token-${uid()}`, pageId },
    });
    const psid = `psid-${uid()}`;
    // A read receipt finds the connection (and keeps it) without opening a conversation,
    // which would forbid deleting the connection.
    const read = messagingPayload("page", pageId, [
      {
        sender: { id: psid },
        recipient: { id: pageId },
        timestamp: Date.now(),
        read: { watermark: Date.now() },
      },
    ]);
    expect((await postWebhook(server, read)).statusCode).toBe(200);
    const key = `meta:FACEBOOK:${pageId}`;
    expect(server.ctx.inboundRows.connections.peek(key)?.id).toBe(connection.id);

    const removed = await request(server, seeded.as.admin, "DELETE", `/whatsapp/${connection.id}`);
    expect(removed.statusCode).toBe(204);
    await eventually(() => server.ctx.inboundRows.connections.peek(key) === undefined);
    const mid = `m-${uid()}`;
    const res = await postWebhook(server, pageMessage(pageId, psid, mid, "depois"));
    expect(res.statusCode).toBe(200);
    expect(
      await server.db.select().from(messages).where(eq(messages.providerMessageId, mid)),
    ).toEqual([]);
  });

  it("a visitor whose contact was deleted is asked to start again at the next message", async () => {
    const seeded = await seedCompany(server);
    const site = await createConnection(server, seeded.company.id);
    const token = await visitorSession(server, site.uuid, "Visitante Cache");
    const send = (body: string) =>
      server.app.inject({
        method: "POST",
        url: `/webchat/${site.uuid}/messages`,
        headers: { authorization: `Bearer ${token}` },
        payload: { body, clientId: uid() },
      });
    expect((await send("olá")).statusCode).toBe(201);
    const first = await send("tudo bem?");
    expect(first.statusCode).toBe(201);
    const contactId = server.ctx.inboundRows.contacts.peek(
      `id:${JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).vid}`,
    )?.id;
    expect(contactId).toBeDefined();

    const removed = await request(server, seeded.as.admin, "DELETE", `/contacts/${contactId}`);
    expect(removed.statusCode).toBe(204);
    await eventually(() => server.ctx.inboundRows.contacts.peek(`id:${contactId}`) === undefined);
    const after = await send("ainda aí?");
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe("ERR_SESSION_EXPIRED");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the listening connection (PostgreSQL)", () => {
  it("listens again after its connection is ended, forgetting what it kept before", async () => {
    const changes = await RowChanges.start(server.database, createLogger("silent"));
    try {
      const seeded = await seedCompany(server);
      const connection = await createConnection(server, seeded.company.id, { name: "Antes" });
      const cache = changes.cache<typeof connection>("connections", { ttlMs: 60_000, max: 10 });
      let loads = 0;
      const read = () =>
        cache.get(`id:${connection.id}`, async () => {
          loads++;
          const [row] = await server.db
            .select()
            .from(connections)
            .where(eq(connections.id, connection.id));
          return row;
        });
      await read();
      await read();
      expect(loads).toBe(1);

      const pid = changes.backendPid;
      expect(pid).toBeTypeOf("number");
      await server.db.execute(sql`select pg_terminate_backend(${pid!}::int)`);
      await eventually(() => changes.live && changes.backendPid !== pid, 10_000);
      // Notices sent while it was away are lost to it: what it kept is gone.
      expect(cache.size).toBe(0);
      await read();
      await read();
      expect(loads).toBe(2);

      // And the new connection hears notices.
      await server.db
        .update(connections)
        .set({ name: "Depois" })
        .where(eq(connections.id, connection.id));
      await eventually(() => cache.size === 0);
      expect((await read())?.name).toBe("Depois");
      expect(loads).toBe(3);
    } finally {
      await changes.close();
    }
  });
});
