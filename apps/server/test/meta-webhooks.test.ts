import { and, eq } from "drizzle-orm";
import { channels } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionQueues, contacts, files, messages, tickets } from "../src/db/schema/index.js";
import {
  META_APP_SECRET,
  META_VERIFY_TOKEN,
  messagingPayload,
  postWebhook,
  signBody,
  startFakeGraph,
  whatsappPayload,
  type FakeGraph,
} from "./fake-graph.js";
import { multipart } from "./admin-helpers.js";
import { jpegBytes, mp4Bytes, pngBytes } from "./media-fixtures.js";
import {
  collect,
  connect,
  createConnection,
  eventually,
  eventWhere,
  nextEvent,
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
    listen: true,
    config: {
      GRAPH_API_URL: graph.url,
      META_APP_SECRET,
      META_VERIFY_TOKEN,
      PUBLIC_URL: "https://atrium.example.com",
    },
  });
});
afterAll(async () => {
  await server?.close();
  await graph?.close();
});

const digits = () => String(Date.now()) + String(Math.floor(Math.random() * 1e6));

/** A company with a Meta connection in its queue (new tickets go to the queue's members). */
async function metaCompany(
  channelType: "FACEBOOK" | "INSTAGRAM" | "WHATSAPP_BUSINESS",
  config: Record<string, string>,
) {
  const seeded = await seedCompany(server);
  const connection = await createConnection(server, seeded.company.id, {
    channelType,
    config: { accessToken: `token-${uid()}`, ...config },
  });
  await server.db.insert(connectionQueues).values({
    connectionId: connection.id,
    queueId: seeded.queue.id,
    companyId: seeded.company.id,
  });
  return { ...seeded, connection };
}

async function messagesOf(connectionId: number) {
  return server.db
    .select()
    .from(messages)
    .where(eq(messages.connectionId, connectionId))
    .orderBy(messages.id);
}

describe("GET /webhooks/meta (subscription handshake)", () => {
  it("answers the challenge as text for the right verify token", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: `/webhooks/meta?hub.mode=subscribe&hub.verify_token=${META_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("1158201444");
  });

  it("refuses a wrong token or mode with 403", async () => {
    for (const query of [
      "hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1",
      `hub.mode=unsubscribe&hub.verify_token=${META_VERIFY_TOKEN}&hub.challenge=1`,
      "hub.challenge=1",
    ]) {
      const res = await server.app.inject({ method: "GET", url: `/webhooks/meta?${query}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: "ERR_WEBHOOK_VERIFICATION" });
    }
  });
});

describe("POST /webhooks/meta signature", () => {
  it("refuses a missing, wrong or other-secret signature with 401 and stores nothing", async () => {
    const phoneNumberId = digits();
    const { connection } = await metaCompany("WHATSAPP_BUSINESS", { phoneNumberId });
    const payload = whatsappPayload(phoneNumberId, {
      messages: [
        { from: "5511900000001", id: `wamid.${uid()}`, type: "text", text: { body: "x" } },
      ],
    });
    const body = JSON.stringify(payload);
    for (const signature of [
      null,
      "sha256=00",
      "sha1=abc",
      signBody(body, "another-secret"),
      // A signature of other bytes (the same JSON re-serialised with spaces).
      signBody(JSON.stringify(payload, null, 1)),
    ]) {
      const res = await postWebhook(server, payload, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: "ERR_WEBHOOK_SIGNATURE" });
    }
    expect(await messagesOf(connection.id)).toHaveLength(0);
  });

  it("answers 200 to an event for an unknown recipient and stores nothing", async () => {
    const from = `55${digits()}`;
    const wamid = `wamid.${uid()}${uid()}`;
    const event = (recipient: string) =>
      whatsappPayload(recipient, {
        messages: [{ from, id: wamid, type: "text", text: { body: "x" } }],
      });
    const storedWith = async () => ({
      messages: await server.db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.providerMessageId, wamid)),
      contacts: await server.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(eq(contacts.number, from)),
    });

    const res = await postWebhook(server, event(`9${digits()}`));
    expect(res.statusCode).toBe(200);
    expect(await storedWith()).toEqual({ messages: [], contacts: [] });

    // Positive control: the same event for a known phone number id is stored by these queries.
    const phoneNumberId = digits();
    await metaCompany("WHATSAPP_BUSINESS", { phoneNumberId });
    expect((await postWebhook(server, event(phoneNumberId))).statusCode).toBe(200);
    const stored = await storedWith();
    expect(stored.messages).toHaveLength(1);
    expect(stored.contacts).toHaveLength(1);
  });
});

describe("WhatsApp Cloud API end to end", () => {
  it("a signed message reaches the queue's agent live (not another company's); the reply goes to the Cloud API; statuses update the ack live", async () => {
    const phoneNumberId = digits();
    const { company, connection, member, as } = await metaCompany("WHATSAPP_BUSINESS", {
      phoneNumberId,
    });
    const other = await seedCompany(server);
    const agent = await connect(server, as.member.token);
    const stranger = await connect(server, other.as.admin.token);
    try {
      const channel = channels.appMessage(company.id);
      const live = nextEvent<{ action: string; message: { body: string }; ticket: { id: number } }>(
        agent,
        channel,
      );
      const leaked = collect(server, stranger, channel, live);
      const leakedOwn = collect(server, stranger, channels.appMessage(other.company.id), live);
      const res = await postWebhook(
        server,
        whatsappPayload(phoneNumberId, {
          contacts: [{ wa_id: "5511988887777", profile: { name: "Maria Souza" } }],
          messages: [
            {
              from: "5511988887777",
              id: "wamid.HBgLNTUxMTk4ODg4Nzc3NxUCABIYFjNFQjBD",
              timestamp: "1700000000",
              type: "text",
              text: { body: "Olá, preciso de ajuda" },
            },
          ],
        }),
      );
      expect(res.statusCode).toBe(200);
      const event = await live;
      expect(event).toMatchObject({ action: "create", message: { body: "Olá, preciso de ajuda" } });
      expect(await leaked).toEqual([]);
      expect(await leakedOwn).toEqual([]);
      const [contact] = await server.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, company.id), eq(contacts.number, "5511988887777")));
      expect(contact).toMatchObject({ name: "Maria Souza", channelType: "WHATSAPP_BUSINESS" });

      // The agent takes the ticket and answers, quoting the customer's message.
      const ticketId = event.ticket.id;
      const accepted = await request(server, as.member, "PUT", `/tickets/${ticketId}`, {
        status: "open",
        action: "accept",
        userId: member.id,
      });
      expect(accepted.statusCode).toBe(200);
      const [inbound] = await messagesOf(connection.id);
      const sent = await request(server, as.member, "POST", `/messages/${ticketId}`, {
        body: "Claro, Maria!",
        quotedMsg: { id: inbound!.id },
      });
      expect(sent.statusCode).toBe(201);
      const replyId = sent.json().messages[0].id as number;
      await eventually(() => graph.find(`/${phoneNumberId}/messages`, "POST").length > 0);
      const [call] = graph.find(`/${phoneNumberId}/messages`, "POST");
      expect(call!.headers.authorization).toBe(`Bearer ${connection.config.accessToken}`);
      expect(call!.body).toEqual({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: "5511988887777",
        context: { message_id: "wamid.HBgLNTUxMTk4ODg4Nzc3NxUCABIYFjNFQjBD" },
        type: "text",
        text: { body: "Claro, Maria!", preview_url: true },
      });
      let stored: typeof inbound;
      await eventually(async () => {
        [stored] = await server.db.select().from(messages).where(eq(messages.id, replyId));
        return Boolean(stored?.providerMessageId);
      });
      expect(stored).toMatchObject({ ack: 1, providerMessageId: expect.stringMatching(/^wamid/) });

      // Meta reports delivery: the ack rises live.
      const ackEvent = eventWhere<{ action: string; message: { id: number; ack: number } }>(
        agent,
        channel,
        (e) => e.message.id === replyId && e.message.ack === 3,
      );
      const delivered = await postWebhook(
        server,
        whatsappPayload(phoneNumberId, {
          statuses: [
            {
              id: stored!.providerMessageId,
              status: "delivered",
              timestamp: "1700000100",
              recipient_id: "5511988887777",
            },
          ],
        }),
      );
      expect(delivered.statusCode).toBe(200);
      // Delivered is the grey double tick (agent-core: 3).
      expect(await ackEvent).toMatchObject({ action: "update", message: { id: replyId, ack: 3 } });

      // Opening the ticket marks the customer's message read at WhatsApp.
      await request(server, as.member, "GET", `/messages/${ticketId}`);
      await eventually(() =>
        graph
          .find(`/${phoneNumberId}/messages`, "POST")
          .some(
            (r) => r.body.status === "read" && r.body.message_id === inbound!.providerMessageId,
          ),
      );
    } finally {
      agent.disconnect();
      stranger.disconnect();
    }
  });

  it("stores a webhook delivered twice once", async () => {
    const phoneNumberId = digits();
    const { connection } = await metaCompany("WHATSAPP_BUSINESS", { phoneNumberId });
    const payload = whatsappPayload(phoneNumberId, {
      messages: [
        { from: "5511977776666", id: `wamid.${uid()}`, type: "text", text: { body: "uma vez" } },
      ],
    });
    expect((await postWebhook(server, payload)).statusCode).toBe(200);
    expect((await postWebhook(server, payload)).statusCode).toBe(200);
    const stored = await messagesOf(connection.id);
    expect(stored.map((m) => m.body)).toEqual(["uma vez"]);
    const [ticket] = await server.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, stored[0]!.ticketId));
    expect(ticket!.unreadMessages).toBe(1);
  });

  it("a customer known by business-scoped id whose number comes along: the contact's new number reaches open screens live", async () => {
    const phoneNumberId = digits();
    const { company, as } = await metaCompany("WHATSAPP_BUSINESS", { phoneNumberId });
    const other = await seedCompany(server);
    const bsuid = `BR.${digits()}`;
    const phone = `55119${digits().slice(-8)}`;
    const admin = await connect(server, as.admin.token);
    const stranger = await connect(server, other.as.admin.token);
    try {
      const send = (body: string, from?: string) =>
        postWebhook(
          server,
          whatsappPayload(phoneNumberId, {
            contacts: [
              { profile: { name: "Maria" }, user_id: bsuid, ...(from && { wa_id: from }) },
            ],
            messages: [
              {
                ...(from && { from }),
                from_user_id: bsuid,
                id: `wamid.${uid()}`,
                timestamp: "1700000400",
                type: "text",
                text: { body },
              },
            ],
          }),
        );
      expect((await send("sem número")).statusCode).toBe(200);
      const channel = channels.contact(company.id);
      const renumbered = eventWhere<{ action: string; contact: { number: string } }>(
        admin,
        channel,
        (e) => e.action === "update" && e.contact.number === phone,
      );
      const leaked = collect(server, stranger, channel, renumbered);
      const leakedOwn = collect(server, stranger, channels.contact(other.company.id), renumbered);
      expect((await send("agora com meu número", phone)).statusCode).toBe(200);
      expect((await renumbered).contact.number).toBe(phone);
      expect(await leaked).toEqual([]);
      expect(await leakedOwn).toEqual([]);
      const [contact] = await server.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.companyId, company.id), eq(contacts.bsuid, bsuid)));
      expect(contact).toMatchObject({ number: phone });
    } finally {
      admin.disconnect();
      stranger.disconnect();
    }
  });

  it("downloads media by id with the token and stores it as the message's file", async () => {
    const phoneNumberId = digits();
    const { connection } = await metaCompany("WHATSAPP_BUSINESS", { phoneNumberId });
    const mediaId = `media-${uid()}`;
    const pdf = Buffer.from("%PDF-1.4 fake boleto");
    graph.addMedia(mediaId, pdf, "application/pdf");
    const res = await postWebhook(
      server,
      whatsappPayload(phoneNumberId, {
        messages: [
          {
            from: "5511966665555",
            id: `wamid.${uid()}`,
            type: "document",
            document: {
              id: mediaId,
              mime_type: "application/pdf",
              filename: "boleto.pdf",
              caption: "segue o boleto",
            },
          },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const [stored] = await messagesOf(connection.id);
    expect(stored).toMatchObject({ body: "segue o boleto", mediaType: "document" });
    const [file] = await server.db.select().from(files).where(eq(files.id, stored!.fileId!));
    expect(file).toMatchObject({
      name: "boleto.pdf",
      mimeType: "application/pdf",
      size: pdf.length,
    });
    const [lookup] = graph.find(`/${mediaId}`, "GET");
    expect(lookup!.headers.authorization).toBe(`Bearer ${connection.config.accessToken}`);
  });

  it("answers 5xx when the media server is down (Meta retries) and stores it on the retry", async () => {
    const phoneNumberId = digits();
    const { connection } = await metaCompany("WHATSAPP_BUSINESS", { phoneNumberId });
    const mediaId = `media-${uid()}`;
    graph.addMedia(mediaId, jpegBytes(), "image/jpeg");
    graph.fail({
      method: "GET",
      path: `/${mediaId}`,
      status: 503,
      error: { message: "Service temporarily unavailable", code: 2 },
    });
    const payload = whatsappPayload(phoneNumberId, {
      messages: [
        {
          from: "5511955554444",
          id: `wamid.${uid()}`,
          type: "image",
          image: { id: mediaId, mime_type: "image/jpeg" },
        },
      ],
    });
    expect((await postWebhook(server, payload)).statusCode).toBeGreaterThanOrEqual(500);
    expect(await messagesOf(connection.id)).toHaveLength(0);
    expect((await postWebhook(server, payload)).statusCode).toBe(200);
    const [stored] = await messagesOf(connection.id);
    expect(stored).toMatchObject({ mediaType: "image" });
    expect(stored!.fileId).not.toBeNull();
  });

  it("a failed status puts Meta's reason on the message, live", async () => {
    const phoneNumberId = digits();
    const { company, connection, member, as } = await metaCompany("WHATSAPP_BUSINESS", {
      phoneNumberId,
    });
    await postWebhook(
      server,
      whatsappPayload(phoneNumberId, {
        messages: [
          { from: "5511944443333", id: `wamid.${uid()}`, type: "text", text: { body: "oi" } },
        ],
      }),
    );
    const [first] = await messagesOf(connection.id);
    await request(server, as.member, "PUT", `/tickets/${first!.ticketId}`, {
      status: "open",
      action: "accept",
      userId: member.id,
    });
    const sent = await request(server, as.member, "POST", `/messages/${first!.ticketId}`, {
      body: "resposta",
    });
    const replyId = sent.json().messages[0].id as number;
    let providerMessageId = "";
    await eventually(async () => {
      const [row] = await server.db.select().from(messages).where(eq(messages.id, replyId));
      providerMessageId = row?.providerMessageId ?? "";
      return Boolean(providerMessageId);
    });
    const agent = await connect(server, as.member.token);
    try {
      const live = nextEvent<{ message: { id: number; error: string } }>(
        agent,
        channels.appMessage(company.id),
      );
      await postWebhook(
        server,
        whatsappPayload(phoneNumberId, {
          statuses: [
            {
              id: providerMessageId,
              status: "failed",
              timestamp: "1700000200",
              recipient_id: "5511944443333",
              errors: [
                {
                  code: 131047,
                  title: "Re-engagement message",
                  message: "Re-engagement message",
                  error_data: {
                    details: "Message failed to send because more than 24 hours have passed",
                  },
                },
              ],
            },
          ],
        }),
      );
      const text =
        "Re-engagement message: Message failed to send because more than 24 hours have passed (131047)";
      expect(await live).toMatchObject({ message: { id: replyId, error: text } });
      const [row] = await server.db.select().from(messages).where(eq(messages.id, replyId));
      expect(row!.error).toBe(text);
    } finally {
      agent.disconnect();
    }
  });

  it("a Graph refusal of a send is shown on the message at once, without retries", async () => {
    const phoneNumberId = digits();
    const { connection, member, as } = await metaCompany("WHATSAPP_BUSINESS", {
      phoneNumberId,
    });
    await postWebhook(
      server,
      whatsappPayload(phoneNumberId, {
        messages: [
          { from: "5511933332222", id: `wamid.${uid()}`, type: "text", text: { body: "oi" } },
        ],
      }),
    );
    const [first] = await messagesOf(connection.id);
    await request(server, as.member, "PUT", `/tickets/${first!.ticketId}`, {
      status: "open",
      action: "accept",
      userId: member.id,
    });
    graph.fail({
      method: "POST",
      path: `/${phoneNumberId}/messages`,
      status: 400,
      error: { message: "(#131030) Recipient phone number not in allowed list", code: 131030 },
      times: 5,
    });
    const sent = await request(server, as.member, "POST", `/messages/${first!.ticketId}`, {
      body: "vai falhar",
    });
    const replyId = sent.json().messages[0].id as number;
    await eventually(async () => {
      const [row] = await server.db.select().from(messages).where(eq(messages.id, replyId));
      return Boolean(row?.error);
    });
    const [row] = await server.db.select().from(messages).where(eq(messages.id, replyId));
    expect(row).toMatchObject({
      ack: 0,
      providerMessageId: null,
      error: "(#131030) Recipient phone number not in allowed list (code 131030)",
    });
    expect(graph.find(`/${phoneNumberId}/messages`, "POST")).toHaveLength(1);
  });
});

describe("Messenger and Instagram", () => {
  it("Messenger: text with the profile name, an attachment, an echo, a reaction and a deletion", async () => {
    const pageId = digits();
    const psid = digits();
    graph.objects.set(psid, { first_name: "João", last_name: "Lima", id: psid });
    const { company, connection, member, as } = await metaCompany("FACEBOOK", { pageId });
    const photoUrl = graph.addCdnFile(`photo-${uid()}.jpg`, jpegBytes(), "image/jpeg");
    const event = (message: Record<string, unknown>, fromPage = false) => ({
      sender: { id: fromPage ? pageId : psid },
      recipient: { id: fromPage ? psid : pageId },
      timestamp: Date.now(),
      message,
    });
    const res = await postWebhook(
      server,
      messagingPayload("page", pageId, [
        event({ mid: "m_text_1", text: "Oi, tudo bem?" }),
        event({ mid: "m_photo_1", attachments: [{ type: "image", payload: { url: photoUrl } }] }),
        // Written by a colleague in the Meta Business Suite inbox.
        event({ mid: "m_echo_1", text: "Respondido pelo Business Suite", is_echo: true }, true),
      ]),
    );
    expect(res.statusCode).toBe(200);
    let stored = await messagesOf(connection.id);
    expect(stored.map((m) => [m.body, m.mediaType, m.fromMe])).toEqual([
      ["Oi, tudo bem?", "chat", false],
      ["", "image", false],
      ["Respondido pelo Business Suite", "chat", true],
    ]);
    expect(stored[1]!.fileId).not.toBeNull();
    const [contact] = await server.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, company.id), eq(contacts.number, psid)));
    expect(contact!.name).toBe("João Lima");

    // Our reply goes to the Send API; its echo (same mid, our metadata) is not stored twice.
    const ticketId = stored[0]!.ticketId;
    await request(server, as.member, "PUT", `/tickets/${ticketId}`, {
      status: "open",
      action: "accept",
      userId: member.id,
    });
    const sent = await request(server, as.member, "POST", `/messages/${ticketId}`, {
      body: "Tudo ótimo!",
      quotedMsg: { id: stored[0]!.id },
    });
    const replyId = sent.json().messages[0].id as number;
    await eventually(() =>
      graph
        .find("/me/messages", "POST")
        .some(
          (r) =>
            r.headers.authorization?.endsWith(connection.config.accessToken!) &&
            (r.body.message as { text?: string })?.text === "Tudo ótimo!",
        ),
    );
    const call = graph
      .find("/me/messages", "POST")
      .find((r) => (r.body.message as { text?: string })?.text === "Tudo ótimo!");
    expect(call!.body).toEqual({
      recipient: { id: psid },
      messaging_type: "RESPONSE",
      message: {
        text: "Tudo ótimo!",
        metadata: `atrium:${replyId}`,
        reply_to: { mid: "m_text_1" },
      },
    });
    let mid = "";
    await eventually(async () => {
      const [row] = await server.db.select().from(messages).where(eq(messages.id, replyId));
      mid = row?.providerMessageId ?? "";
      return Boolean(mid);
    });
    await postWebhook(
      server,
      messagingPayload("page", pageId, [
        event({ mid, text: "Tudo ótimo!", is_echo: true, metadata: `atrium:${replyId}` }, true),
        // Even without our metadata, the same mid is the same message.
        event({ mid, text: "Tudo ótimo!", is_echo: true }, true),
        {
          sender: { id: psid },
          recipient: { id: pageId },
          timestamp: Date.now(),
          reaction: { mid, action: "react", reaction: "love", emoji: "❤️" },
        },
        {
          sender: { id: psid },
          recipient: { id: pageId },
          timestamp: Date.now() + 60_000,
          read: { watermark: Date.now() + 60_000 },
        },
      ]),
    );
    stored = await messagesOf(connection.id);
    expect(stored.filter((m) => m.body === "Tudo ótimo!")).toHaveLength(1);
    const reaction = stored.find((m) => m.mediaType === "reaction");
    expect(reaction).toMatchObject({ body: "❤️", quotedMsgId: replyId, fromMe: false });
    expect(stored.find((m) => m.id === replyId)!.ack).toBe(4);

    // The customer unsends the photo: it disappears, live.
    const agent = await connect(server, as.member.token);
    try {
      const live = nextEvent<{ action: string; message: { id: number; isDeleted: boolean } }>(
        agent,
        channels.appMessage(company.id),
      );
      await postWebhook(
        server,
        messagingPayload("page", pageId, [event({ mid: "m_photo_1", is_deleted: true })]),
      );
      expect(await live).toMatchObject({
        action: "update",
        message: { id: stored[1]!.id, isDeleted: true },
      });
      stored = await messagesOf(connection.id);
      expect(stored.some((m) => m.providerMessageId === "m_photo_1")).toBe(false);
    } finally {
      agent.disconnect();
    }
  });

  it("Instagram: routes by the account id, stores text and attachments, sends attachments by URL", async () => {
    const igId = digits();
    const igsid = digits();
    graph.objects.set(igsid, { name: "Ana Instagram", username: "ana.ig", id: igsid });
    const { connection, member, as } = await metaCompany("INSTAGRAM", {
      instagramAccountId: igId,
    });
    const clipUrl = graph.addCdnFile(`clip-${uid()}.mp4`, mp4Bytes(), "video/mp4");
    const res = await postWebhook(
      server,
      messagingPayload("instagram", igId, [
        {
          sender: { id: igsid },
          recipient: { id: igId },
          timestamp: Date.now(),
          message: { mid: `ig_${uid()}`, text: "Vi o anúncio" },
        },
        {
          sender: { id: igsid },
          recipient: { id: igId },
          timestamp: Date.now(),
          message: {
            mid: `ig_${uid()}`,
            attachments: [{ type: "video", payload: { url: clipUrl } }],
          },
        },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const stored = await messagesOf(connection.id);
    expect(stored.map((m) => m.mediaType)).toEqual(["chat", "video"]);
    const [contact] = await server.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, stored[0]!.contactId!));
    expect(contact!.name).toBe("Ana Instagram");

    const ticketId = stored[0]!.ticketId;
    await request(server, as.member, "PUT", `/tickets/${ticketId}`, {
      status: "open",
      action: "accept",
      userId: member.id,
    });
    const upload = await multipart(server, as.member, "POST", `/messages/${ticketId}`, {
      fields: { body: "nossa loja" },
      files: [{ field: "medias", filename: "foto.png", type: "image/png", data: pngBytes() }],
    });
    expect(upload.statusCode).toBe(201);
    await eventually(() =>
      graph
        .find("/me/messages", "POST")
        .some(
          (r) => (r.body.recipient as { id: string }).id === igsid && r.body.message !== undefined,
        ),
    );
    await eventually(
      () =>
        graph
          .find("/me/messages", "POST")
          .filter((r) => (r.body.recipient as { id: string }).id === igsid).length >= 2,
    );
    const calls = graph
      .find("/me/messages", "POST")
      .filter((r) => (r.body.recipient as { id: string }).id === igsid);
    const attachment = (
      calls[0]!.body.message as { attachment: { type: string; payload: { url: string } } }
    ).attachment;
    expect(attachment.type).toBe("image");
    expect(attachment.payload.url).toMatch(
      /^https:\/\/atrium\.example\.com\/files\/\d+\?exp=\d+&sig=/,
    );
    // The caption follows as text (Instagram carries no metadata marker).
    expect(calls[1]!.body.message).toEqual({ text: "nossa loja" });
    await eventually(async () =>
      (await messagesOf(connection.id)).every((m) => !m.fromMe || m.ack === 1),
    );
  });

  it("Instagram: an echo that arrives before the send's answer is not a second message", async () => {
    const igId = digits();
    const igsid = digits();
    graph.objects.set(igsid, { name: "Bia Instagram", username: "bia.ig", id: igsid });
    const { connection, member, as } = await metaCompany("INSTAGRAM", {
      instagramAccountId: igId,
    });
    await postWebhook(
      server,
      messagingPayload("instagram", igId, [
        {
          sender: { id: igsid },
          recipient: { id: igId },
          timestamp: Date.now(),
          message: { mid: `ig_${uid()}`, text: "Oi" },
        },
      ]),
    );
    const [incoming] = await messagesOf(connection.id);
    const ticketId = incoming!.ticketId;
    await request(server, as.member, "PUT", `/tickets/${ticketId}`, {
      action: "accept",
      userId: member.id,
    });
    // Meta delivers the echo of our send before answering the send itself.
    graph.beforeReply = async (mid) => {
      const echo = await postWebhook(
        server,
        messagingPayload("instagram", igId, [
          {
            sender: { id: igId },
            recipient: { id: igsid },
            timestamp: Date.now(),
            message: { mid, text: "Olá, Bia!", is_echo: true },
          },
        ]),
      );
      expect(echo.statusCode).toBe(200);
    };
    try {
      const sent = await request(server, as.member, "POST", `/messages/${ticketId}`, {
        body: "Olá, Bia!",
      });
      expect(sent.statusCode).toBe(201);
      await eventually(async () =>
        (await messagesOf(connection.id)).some((m) => m.senderId === member.id && m.ack >= 1),
      );
    } finally {
      graph.beforeReply = null;
    }
    const mine = (await messagesOf(connection.id)).filter((m) => m.fromMe);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ body: "Olá, Bia!", senderId: member.id, ack: 1 });
    expect(mine[0]!.providerMessageId).toMatch(/^m_fake_/);
    // Sent once: the job did not retry into a second send.
    const sends = graph
      .find("/me/messages", "POST")
      .filter((r) => (r.body.recipient as { id: string }).id === igsid && r.body.message);
    expect(sends).toHaveLength(1);
  });
});
