import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChannelAdapter, OutboundMessage } from "../src/channels/channel.js";
import { companies, contacts, messages, tickets } from "../src/db/schema/index.js";
import { MESSAGES_API_RATE_LIMIT } from "../src/modules/messages-api/messages-api.routes.js";
import {
  createConnection,
  createQueue,
  eventually,
  request,
  seedCompany,
  uid,
  type TestServer,
  startTestServer,
} from "./harness.js";
import { multipartBody } from "./fuzz-inputs.js";
import { pngBytes } from "./media-fixtures.js";

let server: TestServer;

/** What reached the channel: the WhatsApp session is the only thing not run for real here. */
const delivered: { to: string; message: OutboundMessage & { fileName?: string } }[] = [];
const recordingWhatsApp: ChannelAdapter = {
  type: "BAILEYS",
  start: async () => undefined,
  stop: async () => undefined,
  send: async (_connection, contact, message) => {
    delivered.push({ to: contact.number, message: { ...message, fileName: message.file?.name } });
    return { providerMessageId: `wa-${message.messageId}`, ack: 1 };
  },
  deleteMessage: async () => undefined,
  markRead: async () => undefined,
};

beforeAll(async () => {
  server = await startTestServer();
  server.ctx.channels.register(recordingWhatsApp);
});
afterAll(async () => server?.close());

/** A company with the API on, a key obtained by its admin and a connected WhatsApp with a token. */
async function apiCompany(opts: { apiEnabled?: boolean } = {}) {
  const seed = await seedCompany(server);
  await server.db
    .update(companies)
    .set({ apiEnabled: opts.apiEnabled ?? true })
    .where(eq(companies.id, seed.company.id));
  const res = await request(server, seed.as.admin, "POST", "/api/messages/key");
  expect(res.statusCode).toBe(201);
  const token = `tok-${uid()}`;
  const connection = await createConnection(server, seed.company.id, {
    channelType: "BAILEYS",
    status: "CONNECTED",
    token,
  });
  return { ...seed, key: res.json().key as string, token, connection };
}

function send(
  headers: { key?: string; token?: string },
  payload: Record<string, unknown> | undefined,
) {
  return server.app.inject({
    method: "POST",
    url: "/api/messages/send",
    headers: {
      ...(headers.key !== undefined && { x_key: headers.key }),
      ...(headers.token !== undefined && { x_token: headers.token }),
    },
    ...(payload && { payload }),
  });
}

function sendMultipart(
  headers: { key: string; token: string },
  fields: Record<string, string>,
  files: { filename: string; type: string; data: Buffer }[],
) {
  const body = multipartBody(
    fields,
    files.map((file) => ({ field: "medias", ...file })),
    "none",
  );
  return server.app.inject({
    method: "POST",
    url: "/api/messages/send",
    headers: { x_key: headers.key, x_token: headers.token, "content-type": body.contentType },
    payload: body.payload,
  });
}

const deliveredTo = (number: string) => delivered.filter((d) => d.to === number);

describe("POST /api/messages/send", () => {
  it("sends a JSON text to a new contact without bothering the agents (ticket 0)", async () => {
    const c = await apiCompany();
    const res = await send(
      { key: c.key, token: c.token },
      { number: "+55 (11) 98888-0001", body: "Seu pedido saiu para entrega" },
    );
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ ticketStatus: "closed", messageIds: [expect.any(Number)] });

    const [contact] = await server.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, result.contactId));
    expect(contact).toMatchObject({ number: "5511988880001", companyId: c.company.id });
    await eventually(() => deliveredTo("5511988880001").length === 1);
    expect(deliveredTo("5511988880001")[0]!.message.body).toBe("Seu pedido saiu para entrega");
    await eventually(async () => {
      const [row] = await server.db
        .select()
        .from(messages)
        .where(eq(messages.id, result.messageIds[0]));
      return row?.ack === 1 && row.fromMe && row.providerMessageId !== null;
    });
    // Not in the agents' waiting list.
    const pending = await request(server, c.as.admin, "GET", "/tickets?status=pending");
    expect(pending.json().tickets.map((t: { id: number }) => t.id)).not.toContain(result.ticketId);
  });

  it("opens a pending ticket in the given queue with ticket 1, and later sends join it", async () => {
    const c = await apiCompany();
    const number = `55119${Date.now().toString().slice(-8)}`;
    const first = await send(
      { key: c.key, token: c.token },
      { number, body: "Olá! Podemos ajudar?", ticket: 1, queue: c.queue.id },
    );
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ ticketStatus: "pending" });
    const [ticket] = await server.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, first.json().ticketId));
    expect(ticket).toMatchObject({ status: "pending", queueId: c.queue.id, userId: null });

    // The queue's member sees it waiting, with the message as its last one.
    const waiting = await request(server, c.as.member, "GET", "/tickets?status=pending");
    expect(waiting.json().tickets).toContainEqual(
      expect.objectContaining({ id: ticket!.id, lastMessage: "Olá! Podemos ajudar?" }),
    );

    const second = await send(
      { key: c.key, token: c.token },
      { number, body: "Segunda mensagem", ticket: "1" },
    );
    expect(second.json().ticketId).toBe(ticket!.id);
    await eventually(() => deliveredTo(number).length === 2);
  });

  it("sends files from a multipart form, the body as the first file's caption", async () => {
    const c = await apiCompany();
    const number = "5521977770002";
    const res = await sendMultipart(
      { key: c.key, token: c.token },
      { number, body: "Segue o boleto" },
      [
        { filename: "boleto.pdf", type: "application/pdf", data: Buffer.from("%PDF-1.4 boleto") },
        { filename: "foto.png", type: "image/png", data: pngBytes() },
      ],
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().messageIds).toHaveLength(2);
    await eventually(() => deliveredTo(number).length === 2);
    const sent = deliveredTo(number).map((d) => ({
      body: d.message.body,
      mediaType: d.message.mediaType,
      fileName: d.message.fileName,
    }));
    expect(sent).toEqual(
      expect.arrayContaining([
        { body: "Segue o boleto", mediaType: "document", fileName: "boleto.pdf" },
        { body: "", mediaType: "image", fileName: "foto.png" },
      ]),
    );
  });

  it("accepts a multipart form with text only", async () => {
    const c = await apiCompany();
    const res = await sendMultipart(
      { key: c.key, token: c.token },
      { number: "5531966660003", body: "Só texto" },
      [],
    );
    expect(res.statusCode).toBe(201);
    await eventually(() => deliveredTo("5531966660003").length === 1);
  });
});

describe("POST /api/messages/send refuses", () => {
  it("a missing, malformed or wrong key", async () => {
    const c = await apiCompany();
    const body = { number: "5511900000001", body: "x" };
    const cases = [
      await send({ token: c.token }, body),
      await send({ key: "not-a-key", token: c.token }, body),
      // Right company, wrong secret.
      await send({ key: c.key.slice(0, -4) + "AAAA", token: c.token }, body),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe("ERR_API_KEY_INVALID");
    }
  });

  it("a key replaced by a newer one", async () => {
    const c = await apiCompany();
    const rotated = await request(server, c.as.admin, "POST", "/api/messages/key");
    const res = await send({ key: c.key, token: c.token }, { number: "5511900000002", body: "x" });
    expect(res.json().error).toBe("ERR_API_KEY_INVALID");
    const ok = await send(
      { key: rotated.json().key, token: c.token },
      { number: "5511900000002", body: "x" },
    );
    expect(ok.statusCode).toBe(201);
  });

  it("a key of a company whose API is disabled", async () => {
    const c = await apiCompany({ apiEnabled: false });
    const res = await send({ key: c.key, token: c.token }, { number: "5511900000003", body: "x" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_API_DISABLED");
  });

  it("a missing or unknown token, and another company's token with this key", async () => {
    const c = await apiCompany();
    const other = await apiCompany();
    const body = { number: "5511900000004", body: "x" };
    for (const token of [undefined, "", "tok-unknown", other.token]) {
      const res = await send({ key: c.key, token }, body);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe("ERR_API_TOKEN_INVALID");
    }
    expect(deliveredTo("5511900000004")).toEqual([]);
  });

  it("a connection that is not connected, or a channel without phone numbers", async () => {
    const c = await apiCompany();
    const down = await createConnection(server, c.company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
      token: "tok-down",
      isDefault: false,
    });
    const res = await send(
      { key: c.key, token: "tok-down" },
      { number: "5511900000005", body: "x" },
    );
    expect(down.status).toBe("DISCONNECTED");
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_WAPP_NOT_INITIALIZED");

    await createConnection(server, c.company.id, { token: "tok-site", isDefault: false });
    const site = await send(
      { key: c.key, token: "tok-site" },
      { number: "5511900000005", body: "x" },
    );
    expect(site.statusCode).toBe(400);
    expect(site.json().error).toBe("ERR_API_CHANNEL_UNSUPPORTED");
  });

  it("a bad number, an empty message, a bad or foreign queue", async () => {
    const c = await apiCompany();
    const other = await apiCompany();
    const foreignQueue = await createQueue(server.db, other.company.id);
    const auth = { key: c.key, token: c.token };

    // A masked local number has no country code: refused with the format to use, not guessed.
    for (const number of [
      "abc",
      "123",
      "55 11 9999-ABCD",
      "5511999999999999999",
      "(11) 9888-7777",
    ]) {
      const res = await send(auth, { number, body: "x" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: "ERR_INVALID_PHONE_NUMBER",
        message: expect.stringContaining("country code, area code and number"),
        fields: { number: "Invalid phone number" },
      });
    }
    const empty = await send(auth, { number: "5511900000006", body: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: "ERR_VALIDATION", fields: { body: "Required" } });

    const missing = await send(auth, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { number: expect.any(String) },
    });

    const foreign = await send(auth, {
      number: "5511900000006",
      body: "x",
      ticket: 1,
      queue: foreignQueue.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ERR_NO_QUEUE_FOUND");
    const garbage = await send(auth, { number: "5511900000006", body: "x", queue: "abc" });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toBe("ERR_VALIDATION");
    expect(deliveredTo("5511900000006")).toEqual([]);
  });

  it("too many requests with one key", async () => {
    const key = `atk_0_${"r".repeat(43)}`;
    let last = await send({ key, token: "t" }, { number: "5511900000007", body: "x" });
    expect(last.json().error).toBe("ERR_API_KEY_INVALID");
    for (let i = 1; i <= MESSAGES_API_RATE_LIMIT.max; i++) {
      last = await send({ key, token: "t" }, { number: "5511900000007", body: "x" });
    }
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toBe("ERR_TOO_MANY_REQUESTS");
  });
});

describe("the company's API key", () => {
  it("is created and replaced by admins, shown once, stored only as a hash", async () => {
    const c = await apiCompany();
    const status = await request(server, c.as.admin, "GET", "/api/messages/key");
    expect(status.json()).toEqual({ apiEnabled: true, hasKey: true });
    expect(c.key).toMatch(new RegExp(`^atk_${c.company.id}_[A-Za-z0-9_-]{43}$`));
    const [row] = await server.db.select().from(companies).where(eq(companies.id, c.company.id));
    expect(row!.apiKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.apiKeyHash).not.toContain(c.key);

    const fresh = await seedCompany(server);
    const none = await request(server, fresh.as.admin, "GET", "/api/messages/key");
    expect(none.json()).toEqual({ apiEnabled: false, hasKey: false });
  });

  it("is not for agents nor anonymous callers", async () => {
    const c = await apiCompany();
    for (const method of ["GET", "POST"] as const) {
      const agent = await request(server, c.as.member, method, "/api/messages/key");
      expect(agent.statusCode).toBe(403);
      expect(agent.json().error).toBe("ERR_NO_PERMISSION");
      const anonymous = await request(server, null, method, "/api/messages/key");
      expect(anonymous.statusCode).toBe(401);
    }
    // The agent's attempt did not replace the key.
    const ok = await send({ key: c.key, token: c.token }, { number: "5511900000008", body: "x" });
    expect(ok.statusCode).toBe(201);
  });

  it("of one company never works with another company's token, even when both are admins' keys", async () => {
    const a = await apiCompany();
    const b = await apiCompany();
    const res = await send({ key: b.key, token: a.token }, { number: "5511900000009", body: "x" });
    expect(res.json().error).toBe("ERR_API_TOKEN_INVALID");
    const [rowA] = await server.db.select().from(companies).where(eq(companies.id, a.company.id));
    const [rowB] = await server.db.select().from(companies).where(eq(companies.id, b.company.id));
    expect(rowA!.apiKeyHash).not.toBe(rowB!.apiKeyHash);
  });
});
