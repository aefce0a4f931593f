import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelAdapter } from "../src/channels/channel.js";
import { messages, tickets } from "../src/db/schema/index.js";
import {
  createCompany,
  createConnection,
  inbound,
  startTestServer,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** An adapter for a channel of our own whose sends fail until told otherwise. */
function flakyAdapter() {
  const state = { failing: true, sent: [] as string[] };
  const adapter: ChannelAdapter = {
    type: "FACEBOOK",
    start: async () => undefined,
    stop: async () => undefined,
    send: async (_connection, _contact, message) => {
      if (state.failing) throw new Error("provider unavailable");
      state.sent.push(message.body);
      return { providerMessageId: `fb-${message.messageId}`, ack: 1 };
    },
    deleteMessage: async () => undefined,
    markRead: async () => undefined,
  };
  return { adapter, state };
}

describe("outbound delivery", () => {
  it("stores the message first; a failed try leaves it unsent, a later try delivers it with its ack", async () => {
    const { adapter, state } = flakyAdapter();
    server.ctx.channels.register(adapter);
    const company = await createCompany(server.db);
    const connection = await createConnection(server, company.id, { channelType: "FACEBOOK" });
    const { ticket } = await inbound(server, connection, { number: "psid-1" });
    const [row] = await server.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const stored = await server.db.transaction((tx) =>
      server.ctx.outbound.insert(tx, row!, { body: "resposta" }),
    );
    expect(stored).toMatchObject({ ack: 0, fromMe: true, providerMessageId: null });

    await expect(server.ctx.outbound.deliver(stored.id, false)).rejects.toThrow(
      "provider unavailable",
    );
    let [current] = await server.db.select().from(messages).where(eq(messages.id, stored.id));
    expect(current).toMatchObject({ ack: 0, error: null, providerMessageId: null });

    state.failing = false;
    await server.ctx.outbound.deliver(stored.id, false);
    [current] = await server.db.select().from(messages).where(eq(messages.id, stored.id));
    expect(current).toMatchObject({ ack: 1, providerMessageId: `fb-${stored.id}`, error: null });
    // Delivered once: a duplicate job run does not send again.
    await server.ctx.outbound.deliver(stored.id, false);
    expect(state.sent).toEqual(["resposta"]);
  });

  it("records ERR_SENDING_WAPP_MSG on the message when the last try fails", async () => {
    const { adapter } = flakyAdapter();
    server.ctx.channels.register(adapter);
    const company = await createCompany(server.db);
    const connection = await createConnection(server, company.id, { channelType: "FACEBOOK" });
    const { ticket } = await inbound(server, connection, { number: "psid-2" });
    const [row] = await server.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const stored = await server.db.transaction((tx) =>
      server.ctx.outbound.insert(tx, row!, { body: "não vai" }),
    );
    await expect(server.ctx.outbound.deliver(stored.id, true)).rejects.toThrow();
    const [current] = await server.db.select().from(messages).where(eq(messages.id, stored.id));
    expect(current).toMatchObject({ ack: 0, error: "ERR_SENDING_WAPP_MSG" });
  });

  it("never lowers an ack", async () => {
    const company = await createCompany(server.db);
    const connection = await createConnection(server, company.id);
    const { ticket, message } = await inbound(server, connection, { number: "wc-ack" });
    await server.ctx.outbound.setAck(ticket, message.id, 3);
    await server.ctx.outbound.setAck(ticket, message.id, 2);
    const [current] = await server.db.select().from(messages).where(eq(messages.id, message.id));
    expect(current?.ack).toBe(3);
  });
});
