import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  visitorSession,
  visitorSocket,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => server?.close());

const visitorSays = (uuid: string, token: string, body: string, clientId = uid()) =>
  server.app.inject({
    method: "POST",
    url: `/webchat/${uuid}/messages`,
    headers: { authorization: `Bearer ${token}` },
    payload: { body, clientId },
  });

/** A company with a web-chat connection (greeting and completion texts) and one visitor ticket. */
async function conversation() {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id, {
    greetingMessage: "{saudacao}, {nome}! Protocolo {protocolo}.",
    complationMessage: "Obrigado, {nome}!",
  });
  const { connectionQueues } = await import("../src/db/schema/index.js");
  await server.db
    .insert(connectionQueues)
    .values({ connectionId: connection.id, queueId: seed.queue.id, companyId: seed.company.id });
  const token = await visitorSession(server, connection.uuid, "Paula");
  const visitor = await visitorSocket(server, token);
  // The visitor's own message is echoed to their tabs too: wait for the agent side's greeting.
  const greeting = new Promise<{ author: string; body: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no greeting")), 3000);
    visitor.on("message", (m: { author: string; body: string }) => {
      if (m.author === "agent") {
        clearTimeout(timer);
        resolve(m);
      }
    });
  });
  greeting.catch(() => undefined); // tests that ignore the greeting must not leave a rejection
  const first = await visitorSays(connection.uuid, token, "Oi, tudo bem?");
  expect(first.statusCode).toBe(201);
  const list = await request(server, seed.as.admin, "GET", "/tickets?status=pending&showAll=true");
  const ticket = list.json().tickets[0] as { id: number; uuid: string; protocol: number };
  return { ...seed, connection, token, visitor, ticket, greeting };
}

describe("web chat conversation", () => {
  it("greets the visitor with the variables filled, and carries agent replies with acks", async () => {
    const c = await conversation();
    try {
      const greeting = await c.greeting;
      expect(greeting.author).toBe("agent");
      expect(greeting.body).toMatch(
        new RegExp(`^(Bom dia|Boa tarde|Boa noite), Paula! Protocolo ${c.ticket.protocol}\\.$`),
      );

      const admin = await connect(server, c.as.admin.token);
      try {
        await request(server, c.as.member, "PUT", `/tickets/${c.ticket.id}`, { action: "accept" });
        const delivered = nextEvent<{ author: string; body: string }>(c.visitor, "message");
        const acked = new Promise<{ message: { ack: number } }>((resolve) => {
          admin.on(
            `company-${c.company.id}-appMessage`,
            (payload: { action: string; message: { ack: number; body: string } }) => {
              if (
                payload.action === "update" &&
                payload.message.body === "Como posso ajudar?" &&
                payload.message.ack >= 2
              ) {
                resolve(payload);
              }
            },
          );
        });
        const sent = await request(server, c.as.member, "POST", `/messages/${c.ticket.id}`, {
          body: "Como posso ajudar?",
        });
        expect(sent.statusCode).toBe(201);
        expect(sent.json().messages[0]).toMatchObject({
          body: "Como posso ajudar?",
          fromMe: true,
          ack: 0,
          senderId: c.member.id,
        });
        expect(await delivered).toMatchObject({ author: "agent", body: "Como posso ajudar?" });
        expect((await acked).message.ack).toBe(2);

        // Opening the widget marks the agent's messages read.
        const read = new Promise<void>((resolve) => {
          admin.on(
            `company-${c.company.id}-appMessage`,
            (p: { action: string; message: { ack: number; body: string } }) => {
              if (
                p.action === "update" &&
                p.message.body === "Como posso ajudar?" &&
                p.message.ack === 3
              )
                resolve();
            },
          );
        });
        c.visitor.emit("read");
        await read;
      } finally {
        admin.close();
      }
    } finally {
      c.visitor.close();
    }
  });

  it("lists messages by page, newest page first, and marks the ticket read", async () => {
    const c = await conversation();
    c.visitor.close();
    for (let i = 0; i < 25; i++) await visitorSays(c.connection.uuid, c.token, `linha ${i}`);
    const page1 = await request(
      server,
      c.as.member,
      "GET",
      `/messages/${c.ticket.id}?pageNumber=1`,
    );
    expect(page1.statusCode).toBe(200);
    const body1 = page1.json();
    expect(body1.hasMore).toBe(true);
    expect(body1.messages.at(-1).body).toBe("linha 24");
    expect(body1.messages.map((m: { body: string }) => m.body)).toEqual(
      [...body1.messages.map((m: { body: string }) => m.body)].sort(
        (a: string, b: string) => Number(a.split(" ")[1] ?? -1) - Number(b.split(" ")[1] ?? -1),
      ),
    );
    const page2 = (
      await request(server, c.as.member, "GET", `/messages/${c.ticket.id}?pageNumber=2`)
    ).json();
    expect(page2.hasMore).toBe(false);
    expect(page2.messages[0].body).toBe("Oi, tudo bem?");
    // Every page says how many messages the ticket holds, a page past the last one too.
    const total = body1.messages.length + page2.messages.length;
    expect([body1.count, page2.count]).toEqual([total, total]);
    const beyond = (
      await request(server, c.as.member, "GET", `/messages/${c.ticket.id}?pageNumber=9`)
    ).json();
    expect([beyond.messages, beyond.count, beyond.hasMore]).toEqual([[], total, false]);
    const ticket = (await request(server, c.as.member, "GET", `/tickets/${c.ticket.id}`)).json();
    expect(ticket.unreadMessages).toBe(0);
  });

  it("refuses messages in tickets that are not open, from users outside the ticket, and empty text", async () => {
    const c = await conversation();
    c.visitor.close();
    const pending = await request(server, c.as.member, "POST", `/messages/${c.ticket.id}`, {
      body: "cedo demais",
    });
    expect(pending.statusCode).toBe(400);
    await request(server, c.as.member, "PUT", `/tickets/${c.ticket.id}`, { action: "accept" });
    expect(
      (await request(server, c.as.member, "POST", `/messages/${c.ticket.id}`, { body: "   " }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await request(server, c.as.outsider, "POST", `/messages/${c.ticket.id}`, {
          body: "intruso",
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await request(server, c.as.outsider, "GET", `/messages/${c.ticket.id}`)).statusCode,
    ).toBe(403);
  });

  it("deletes only the author's own messages, shown as deleted to the visitor", async () => {
    const c = await conversation();
    try {
      await c.greeting;
      await request(server, c.as.member, "PUT", `/tickets/${c.ticket.id}`, { action: "accept" });
      const sent = (
        await request(server, c.as.member, "POST", `/messages/${c.ticket.id}`, { body: "ops" })
      ).json().messages[0];
      const visitorMsg = (await request(server, c.as.member, "GET", `/messages/${c.ticket.id}`))
        .json()
        .messages.find((m: { fromMe: boolean }) => !m.fromMe);
      expect(
        (await request(server, c.as.member, "DELETE", `/messages/${visitorMsg.id}`)).statusCode,
      ).toBe(403);
      expect((await request(server, c.as.admin, "DELETE", `/messages/${sent.id}`)).statusCode).toBe(
        403,
      );
      await eventually(async () => {
        const list = (await request(server, c.as.member, "GET", `/messages/${c.ticket.id}`)).json()
          .messages;
        return list.find((m: { id: number; ack: number }) => m.id === sent.id)?.ack >= 1;
      });
      const deleted = nextEvent<{ id: number }>(c.visitor, "message-deleted");
      expect(
        (await request(server, c.as.member, "DELETE", `/messages/${sent.id}`)).statusCode,
      ).toBe(204);
      expect((await deleted).id).toBe(sent.id);
      const after = (await request(server, c.as.member, "GET", `/messages/${c.ticket.id}`)).json()
        .messages;
      expect(after.find((m: { id: number }) => m.id === sent.id)).toMatchObject({
        isDeleted: true,
        body: "",
      });
      // The ticket row no longer previews the deleted text: the message before it shows.
      const previous = after.filter((m: { isDeleted: boolean }) => !m.isDeleted).at(-1);
      const row = (await request(server, c.as.member, "GET", `/tickets/${c.ticket.id}`)).json();
      expect(row.lastMessage).not.toBe("ops");
      expect(row.lastMessage).toBe(previous.body);
    } finally {
      c.visitor.close();
    }
  });

  it("accepts read and fromMe as 0/1 from older clients, and refuses other values", async () => {
    const c = await conversation();
    try {
      await request(server, c.as.member, "PUT", `/tickets/${c.ticket.id}`, { action: "accept" });
      const numeric = await request(server, c.as.member, "POST", `/messages/${c.ticket.id}`, {
        body: "Com números",
        read: 1,
        fromMe: 1,
      });
      expect(numeric.statusCode).toBe(201);
      expect(numeric.json().messages[0]).toMatchObject({ body: "Com números", fromMe: true });
      const bad = await request(server, c.as.member, "POST", `/messages/${c.ticket.id}`, {
        body: "x",
        read: "yes",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe("ERR_VALIDATION");
    } finally {
      c.visitor.close();
    }
  });

  it("sends the completion message when resolving with message, not without (when allowed)", async () => {
    const c = await conversation();
    try {
      await c.greeting;
      await request(server, c.as.member, "PUT", `/tickets/${c.ticket.id}`, { action: "accept" });
      const bye = nextEvent<{ body: string }>(c.visitor, "message");
      await request(server, c.as.member, "PUT", `/tickets/${c.ticket.id}`, {
        action: "finished",
        withMessage: true,
      });
      expect((await bye).body).toBe("Obrigado, Paula!");

      // A new conversation, closed silently by an agent allowed to do so.
      await visitorSays(c.connection.uuid, c.token, "voltei");
      const next = (
        await request(server, c.as.admin, "GET", "/tickets?status=pending&showAll=true")
      ).json().tickets[0];
      await request(server, c.as.admin, "PUT", `/users/${c.member.id}`, {
        allowFinishTicketWithoutMessage: true,
      });
      await request(server, c.as.member, "PUT", `/tickets/${next.id}`, { action: "accept" });
      // The positive control: the visitor writes again and the new ticket's greeting reaches
      // them through the same path a completion message would take.
      const greetedAgain = eventWhere<{ author: string; body: string }>(
        c.visitor,
        "message",
        (m) =>
          m.author === "agent" &&
          m.body.includes("Protocolo") &&
          !m.body.includes(`Protocolo ${next.protocol}.`),
      );
      const silence = collect<{ body: string }>(
        server,
        c.visitor,
        "message",
        greetedAgain,
        "/webchat",
      );
      await request(server, c.as.member, "PUT", `/tickets/${next.id}`, {
        action: "finished",
        withMessage: false,
      });
      await visitorSays(c.connection.uuid, c.token, "mais uma pergunta");
      expect((await greetedAgain).body).toMatch(/^(Bom dia|Boa tarde|Boa noite), Paula!/);
      expect((await silence).map((m) => m.body)).not.toContain("Obrigado, Paula!");
    } finally {
      c.visitor.close();
    }
  });

  it("serves uploaded media through signed URLs only", async () => {
    const c = await conversation();
    c.visitor.close();
    await request(server, c.as.member, "PUT", `/tickets/${c.ticket.id}`, { action: "accept" });
    const boundary = "----atrium";
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nnota.txt\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="nota.txt"\r\nContent-Type: text/plain\r\n\r\nconteudo secreto\r\n--${boundary}--\r\n`,
    );
    const res = await server.app.inject({
      method: "POST",
      url: `/messages/${c.ticket.id}`,
      headers: {
        authorization: `Bearer ${c.as.member.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(res.statusCode).toBe(201);
    const message = res.json().messages[0];
    expect(message).toMatchObject({ mediaType: "document", fileName: "nota.txt", body: "" });
    const file = await server.app.inject({ method: "GET", url: message.mediaUrl });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe("conteudo secreto");
    const forged = await server.app.inject({
      method: "GET",
      url: message.mediaUrl.replace(/sig=[^&]+/, "sig=forgedsignature123"),
    });
    expect(forged.statusCode).toBe(403);
  });

  it("keeps the visitor's identity across reloads and dedupes retried messages", async () => {
    const c = await conversation();
    c.visitor.close();
    const again = await server.app.inject({
      method: "POST",
      url: `/webchat/${c.connection.uuid}/session`,
      headers: { authorization: `Bearer ${c.token}` },
      payload: { name: "Paula" },
    });
    const token2 = again.json().token as string;
    await visitorSays(c.connection.uuid, token2, "mensagem única", "same-client-id");
    await visitorSays(c.connection.uuid, token2, "mensagem única", "same-client-id");
    const history = await server.app.inject({
      method: "GET",
      url: `/webchat/${c.connection.uuid}/messages`,
      headers: { authorization: `Bearer ${token2}` },
    });
    const bodies = history.json().messages.map((m: { body: string }) => m.body);
    expect(bodies.filter((b: string) => b === "mensagem única")).toHaveLength(1);
    expect(bodies).toContain("Oi, tudo bem?");
  });

  it("lets the widget call from any site (CORS) and echoes a visitor's message to their other tabs", async () => {
    const c = await conversation();
    try {
      const preflight = await server.app.inject({
        method: "OPTIONS",
        url: `/webchat/${c.connection.uuid}/messages`,
        headers: { origin: "https://loja.example.com", "access-control-request-method": "POST" },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers["access-control-allow-origin"]).toBe("*");
      expect(String(preflight.headers["access-control-allow-headers"])).toContain("authorization");
      const config = await server.app.inject({
        method: "GET",
        url: `/webchat/${c.connection.uuid}/config`,
      });
      expect(config.headers["access-control-allow-origin"]).toBe("*");
      // A visitor API never opens the agents' API to other origins.
      const agentApi = await request(server, c.as.admin, "GET", "/tickets");
      expect(agentApi.headers["access-control-allow-origin"]).toBeUndefined();

      await c.greeting;
      const otherTab = nextEvent<{ author: string; body: string }>(c.visitor, "message");
      await visitorSays(c.connection.uuid, c.token, "escrito na outra aba");
      expect(await otherTab).toMatchObject({ author: "visitor", body: "escrito na outra aba" });
    } finally {
      c.visitor.close();
    }
  });
});
