import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeBaileysSocket } from "../src/channels/baileys/fake-socket.js";
import { contacts, messages, tickets } from "../src/db/schema/index.js";
import { multipart } from "./admin-helpers.js";
import { jpegBytes, mp3Bytes } from "./media-fixtures.js";
import {
  collect,
  connect,
  createConnection,
  eventually,
  nextEvent,
  request,
  seedCompany,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { BAILEYS_FAKE: "1" } });
});
afterAll(async () => server?.close());

const hook = (id: number, action: string, payload?: object) =>
  server.app.inject({ method: "POST", url: `/test/baileys/${id}/${action}`, payload });

/** A company with a connected WhatsApp session and its fake socket. */
async function connected() {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id, {
    channelType: "BAILEYS",
    status: "DISCONNECTED",
  });
  await request(server, seed.as.admin, "POST", `/whatsappsession/${connection.id}`);
  await hook(connection.id, "open");
  const sessions = server.ctx.services.whatsappSessions.sessions;
  await eventually(() => sessions.local(connection.id)?.open === true);
  const socket = server.ctx.services.whatsappSessions.fakes!.get(connection.id)!;
  return { ...seed, connection, socket };
}

const phone = () => `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

async function messagesOf(ticketId: number) {
  return server.db
    .select()
    .from(messages)
    .where(eq(messages.ticketId, ticketId))
    .orderBy(messages.id);
}

async function ticketOf(companyId: number, number: string) {
  const [row] = await server.db
    .select({ ticket: tickets, contact: contacts })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, companyId), eq(contacts.number, number)));
  return row;
}

async function acceptAndReply(
  s: Awaited<ReturnType<typeof connected>>,
  ticketId: number,
  payload: object,
) {
  const accept = await request(server, s.as.admin, "PUT", `/tickets/${ticketId}`, {
    action: "accept",
    status: "open",
    userId: s.admin.id,
  });
  expect(accept.statusCode).toBe(200);
  // The agent opens the conversation (read receipts go to the contact).
  expect((await request(server, s.as.admin, "GET", `/messages/${ticketId}`)).statusCode).toBe(200);
  const res = await request(server, s.as.admin, "POST", `/messages/${ticketId}`, payload);
  expect(res.statusCode).toBe(201);
}

function lastSent(socket: FakeBaileysSocket) {
  return socket.sent.at(-1)!;
}

describe("WhatsApp messages through the Baileys session", () => {
  it("a contact's message appears live for the company's agent (not another company's); a repeat is ignored", async () => {
    const s = await connected();
    const other = await seedCompany(server);
    const agent = await connect(server, s.as.admin.token);
    const stranger = await connect(server, other.as.admin.token);
    const live = nextEvent<{ action: string; message: { body: string }; ticket: { id: number } }>(
      agent,
      `company-${s.company.id}-appMessage`,
    );
    const strangerSaw = collect(server, stranger, `company-${s.company.id}-appMessage`, live);
    const from = phone();
    expect(
      (await hook(s.connection.id, "message", { from, name: "Maria", text: "Olá!" })).statusCode,
    ).toBe(204);
    const event = await live;
    expect(event).toMatchObject({ action: "create", message: { body: "Olá!" } });
    const row = await ticketOf(s.company.id, from);
    expect(row).toMatchObject({
      contact: { name: "Maria" },
      ticket: { status: "pending", channelType: "BAILEYS" },
    });

    // Baileys redelivers after a reconnect (type "append"): the pipeline already has it.
    const [stored] = await messagesOf(row!.ticket.id);
    await s.socket.upsert(
      [
        {
          key: {
            remoteJid: `${from}@s.whatsapp.net`,
            fromMe: false,
            id: stored!.providerMessageId!,
          },
          message: { conversation: "Olá!" },
        },
      ],
      "append",
    );
    expect(await messagesOf(row!.ticket.id)).toHaveLength(1);
    expect(await strangerSaw).toEqual([]);
    agent.disconnect();
    stranger.disconnect();
  });

  it("an agent's reply is checked with onWhatsApp, sent as text quoting the contact, and its ack only rises", async () => {
    const s = await connected();
    const from = phone();
    await s.socket.textFrom(from, "Qual o prazo?", { id: "3EB0CONTACT1" });
    const { ticket } = (await ticketOf(s.company.id, from))!;
    const [incoming] = await messagesOf(ticket.id);
    await acceptAndReply(s, ticket.id, { body: "Amanhã", quotedMsg: { id: incoming!.id } });

    await eventually(() => s.socket.sent.length === 1);
    const sent = lastSent(s.socket);
    expect(sent.jid).toBe(`${from}@s.whatsapp.net`);
    expect(sent.content).toEqual({ text: "Amanhã" });
    expect(sent.options?.quoted?.key).toMatchObject({ id: "3EB0CONTACT1", fromMe: false });
    expect(s.socket.checked).toEqual([`${from}@s.whatsapp.net`]);
    await eventually(async () =>
      (await messagesOf(ticket.id)).some((m) => m.providerMessageId === sent.id),
    );
    // Opening the ticket sent the contact's message a read receipt.
    expect(s.socket.reads.flat()).toContainEqual(expect.objectContaining({ id: "3EB0CONTACT1" }));
    // A phone that could not decrypt the reply asks again: Baileys gets its content back.
    expect(await s.socket.options.getMessage({ id: sent.id })).toEqual({ conversation: "Amanhã" });
    expect(await s.socket.options.getMessage({ id: "3EB0UNKNOWN" })).toBeUndefined();

    const key = { remoteJid: sent.jid, fromMe: true, id: sent.id };
    await s.socket.emit("messages.update", [{ key, update: { status: 3 } }]);
    await s.socket.emit("messages.update", [{ key, update: { status: 2 } }]);
    const reply = (await messagesOf(ticket.id)).find((m) => m.providerMessageId === sent.id)!;
    expect(reply.ack).toBe(3);
    await s.socket.emit("messages.update", [{ key, update: { status: 4 } }]);
    expect((await messagesOf(ticket.id)).find((m) => m.id === reply.id)!.ack).toBe(4);
  });

  it("a number that is not on WhatsApp: the reply shows ERR_WAPP_INVALID_CONTACT and is not sent", async () => {
    const s = await connected();
    const from = phone();
    await s.socket.textFrom(from, "oi");
    const { ticket } = (await ticketOf(s.company.id, from))!;
    s.socket.invalidNumbers.add(from);
    await acceptAndReply(s, ticket.id, { body: "Olá" });
    await eventually(async () =>
      (await messagesOf(ticket.id)).some((m) => m.error === "ERR_WAPP_INVALID_CONTACT"),
    );
    expect(s.socket.sent).toHaveLength(0);
  });

  it("edits, revokes and reactions from the contact update the conversation", async () => {
    const s = await connected();
    const from = phone();
    const jid = `${from}@s.whatsapp.net`;
    await s.socket.textFrom(from, "texto errado", { id: "3EB0EDIT" });
    await s.socket.textFrom(from, "vou apagar", { id: "3EB0GONE" });
    const { ticket } = (await ticketOf(s.company.id, from))!;
    const agent = await connect(server, s.as.admin.token);
    const updates: { action: string; message: { id: number; isDeleted: boolean } }[] = [];
    agent.on(`company-${s.company.id}-appMessage`, (e) => e.action === "update" && updates.push(e));

    await s.socket.emit("messages.update", [
      {
        key: { remoteJid: jid, id: "3EB0EDIT" },
        update: { message: { editedMessage: { message: { conversation: "texto certo" } } } },
      },
    ]);
    await s.socket.emit("messages.update", [
      { key: { remoteJid: jid, id: "3EB0GONE" }, update: { message: null, messageStubType: 1 } },
    ]);
    await s.socket.emit("messages.reaction", [
      {
        key: { remoteJid: jid, id: "3EB0EDIT", fromMe: false },
        reaction: { key: { remoteJid: jid, id: "3EB0REACT", fromMe: false }, text: "❤️" },
      },
    ]);
    const rows = await messagesOf(ticket.id);
    expect(rows.find((m) => m.providerMessageId === "3EB0EDIT")).toMatchObject({
      body: "texto certo",
      isEdited: true,
    });
    expect(rows.find((m) => m.providerMessageId === "3EB0GONE")).toMatchObject({ isDeleted: true });
    const reaction = rows.find((m) => m.providerMessageId === "3EB0REACT");
    expect(reaction).toMatchObject({ mediaType: "reaction", body: "❤️" });
    expect(reaction!.quotedMsgId).toBe(rows.find((m) => m.providerMessageId === "3EB0EDIT")!.id);
    await eventually(() => updates.some((u) => u.message.isDeleted));
    agent.disconnect();
  });

  it("group messages go to one group ticket with the participant's name; the phone's own messages are fromMe", async () => {
    const s = await connected();
    s.socket.groupName = "Equipe Vendas";
    const group = `120363${uid().replace(/\D/g, "1")}${Date.now()}`;
    await s.socket.upsert([
      {
        key: {
          remoteJid: `${group}@g.us`,
          fromMe: false,
          id: `G-${uid()}`,
          participant: "5511911112222@s.whatsapp.net",
        },
        pushName: "Ana",
        message: { conversation: "Bom dia" },
      },
      {
        key: { remoteJid: `${group}@g.us`, fromMe: true, id: `G-${uid()}` },
        message: { conversation: "Bom dia, Ana" },
      },
    ]);
    const row = (await ticketOf(s.company.id, group))!;
    expect(row.ticket.isGroup).toBe(true);
    expect(row.contact).toMatchObject({ isGroup: true, name: "Equipe Vendas" });
    const rows = await messagesOf(row.ticket.id);
    expect(rows.map((m) => [m.body, m.fromMe, m.participant])).toEqual([
      ["Bom dia", false, "Ana"],
      ["Bom dia, Ana", true, null],
    ]);
  });

  it("a contact seen first by LID, then by phone number + LID, is one contact", async () => {
    const s = await connected();
    const lid = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const number = phone();
    await s.socket.upsert([
      {
        key: { remoteJid: `${lid}@lid`, fromMe: false, id: `L-${uid()}` },
        pushName: "Lia",
        message: { conversation: "por LID" },
      },
    ]);
    await s.socket.upsert([
      {
        key: {
          remoteJid: `${number}@s.whatsapp.net`,
          remoteJidAlt: `${lid}@lid`,
          fromMe: false,
          id: `L-${uid()}`,
        },
        pushName: "Lia",
        message: { conversation: "por número" },
      },
    ]);
    await s.socket.upsert([
      {
        key: { remoteJid: `${lid}@lid`, fromMe: false, id: `L-${uid()}` },
        message: { conversation: "LID de novo" },
      },
    ]);
    const rows = await server.db
      .select()
      .from(contacts)
      .where(eq(contacts.companyId, s.company.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ number, lid });
    const { ticket } = (await ticketOf(s.company.id, number))!;
    expect((await messagesOf(ticket.id)).map((m) => m.body)).toEqual([
      "por LID",
      "por número",
      "LID de novo",
    ]);
  });

  it("media is stored as a file; a failed download keeps the message with ERR_WAPP_DOWNLOAD_MEDIA until the retry gets it", async () => {
    const s = await connected();
    const from = phone();
    const jid = `${from}@s.whatsapp.net`;
    s.socket.media.set("IMG1", jpegBytes());
    s.socket.media.set("IMG2", new Error("media expired"));
    await s.socket.upsert([
      {
        key: { remoteJid: jid, fromMe: false, id: "IMG1" },
        message: { imageMessage: { mimetype: "image/jpeg", caption: "foto" } },
      },
      {
        key: { remoteJid: jid, fromMe: false, id: "IMG2" },
        message: { imageMessage: { mimetype: "image/jpeg" } },
      },
    ]);
    const { ticket } = (await ticketOf(s.company.id, from))!;
    const [ok, failed] = await messagesOf(ticket.id);
    expect(ok).toMatchObject({ mediaType: "image", body: "foto", error: null });
    expect(ok!.fileId).not.toBeNull();
    expect(failed).toMatchObject({
      mediaType: "image",
      fileId: null,
      error: "ERR_WAPP_DOWNLOAD_MEDIA",
    });

    s.socket.media.set("IMG2", jpegBytes());
    await server.ctx.services.whatsappSessions.sessions.retryMedia(failed!.id, s.connection.id);
    const [, retried] = await messagesOf(ticket.id);
    expect(retried).toMatchObject({ error: null, mediaType: "image" });
    expect(retried!.fileId).not.toBeNull();
  });

  it("an agent's file goes as captioned media, a recording as a voice note", async () => {
    const s = await connected();
    const from = phone();
    await s.socket.textFrom(from, "manda a foto");
    const { ticket } = (await ticketOf(s.company.id, from))!;
    await request(server, s.as.admin, "PUT", `/tickets/${ticket.id}`, {
      action: "accept",
      status: "open",
      userId: s.admin.id,
    });
    for (const [name, type, body, bytes] of [
      ["foto.jpg", "image/jpeg", "Aqui está", jpegBytes()],
      ["audio.mp3", "audio/mpeg", "audio.mp3", mp3Bytes()],
    ] as const) {
      const res = await multipart(server, s.as.admin, "POST", `/messages/${ticket.id}`, {
        fields: { body },
        files: [{ field: "medias", filename: name, type, data: bytes }],
      });
      expect(res.statusCode).toBe(201);
    }
    await eventually(() => s.socket.sent.length === 2);
    const [image, audio] = s.socket.sent.map((m) => m.content as Record<string, unknown>);
    expect(image).toMatchObject({ caption: "Aqui está", mimetype: "image/jpeg" });
    expect(Buffer.isBuffer(image!.image)).toBe(true);
    expect(audio).toMatchObject({ ptt: true, mimetype: "audio/mpeg" });
  });
});
