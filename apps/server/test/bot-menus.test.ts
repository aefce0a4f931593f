import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, queues, ticketTracking } from "../src/db/schema/index.js";
import { multipart, png } from "./admin-helpers.js";
import { addOption, connectionWithQueues, contactOf, deliveriesSettled } from "./bot-helpers.js";
import {
  connect,
  createQueue,
  createUser,
  eventually,
  login,
  request,
  seedCompany,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => {
  if (server) await deliveriesSettled(server);
  await server?.close();
});

const BACK = "# - Voltar ao menu inicial";

const pendingIds = async (session: Session) =>
  (await request(server, session, "GET", "/tickets?status=pending"))
    .json()
    .tickets.map((t: { id: number }) => t.id) as number[];

describe("chatbot: queues", () => {
  it("puts a new conversation in the connection's only queue and greets; with an options tree the bot starts it", async () => {
    const s = await seedCompany(server);
    const connection = await connectionWithQueues(server, s.company.id, [s.queue.id]);
    const plain = contactOf(server, connection);
    await plain.says("oi");
    expect(await plain.ticket()).toMatchObject({ queueId: s.queue.id, chatbot: false });
    expect((await plain.botMessages()).map((m) => m.body)).toEqual([
      `Olá Contact ${plain.number}!`,
    ]);

    await addOption(server, s.as.admin, { title: "Vendas", queueId: s.queue.id });
    await addOption(server, s.as.admin, { title: "Suporte", queueId: s.queue.id });
    const next = contactOf(server, connection);
    await next.says("bom dia");
    expect(await next.ticket()).toMatchObject({
      queueId: s.queue.id,
      chatbot: true,
      status: "pending",
    });
    expect(await next.lastBotText()).toBe(
      `Olá Contact ${next.number}!\n\n1 - Vendas\n2 - Suporte\n${BACK}`,
    );
  });

  it("offers a numbered queue menu, repeats it on an invalid answer, and the chosen queue's agents see the ticket appear live", async () => {
    const s = await seedCompany(server);
    const vendas = await createQueue(server.db, s.company.id, {
      name: "Vendas",
      greetingMessage: "Bem-vindo a Vendas",
    });
    const suporte = await createQueue(server.db, s.company.id, {
      name: "Suporte",
      greetingMessage: "Bem-vindo ao Suporte, {nome}",
    });
    await addOption(server, s.as.admin, { title: "Planos", queueId: vendas.id });
    const support = await createUser(server.db, {
      companyId: s.company.id,
      queueIds: [suporte.id],
    });
    const sales = await createUser(server.db, { companyId: s.company.id, queueIds: [vendas.id] });
    const supportSession = await login(server, support.email);
    const salesSession = await login(server, sales.email);
    const connection = await connectionWithQueues(server, s.company.id, [vendas.id, suporte.id]);
    const contact = contactOf(server, connection);
    const menu = `Olá Contact ${contact.number}!\n\n1 - Vendas\n2 - Suporte`;

    await contact.says("oi");
    expect(await contact.ticket()).toMatchObject({ chatbot: true, queueId: null });
    expect(await contact.lastBotText()).toBe(menu);
    await contact.says("9");
    await contact.says("quero comprar");
    expect((await contact.botMessages()).map((m) => m.body)).toEqual([menu, menu, menu]);

    await contact.says("1");
    expect(await contact.ticket()).toMatchObject({ queueId: vendas.id, chatbot: true });
    expect(await contact.lastBotText()).toBe(`Bem-vindo a Vendas\n\n1 - Planos\n${BACK}`);
    expect(await pendingIds(salesSession)).toContain(contact.ticketId);

    // '#' goes back to the queue menu: the ticket leaves the queue.
    await contact.says("#");
    expect(await contact.ticket()).toMatchObject({ queueId: null, chatbot: true });
    expect(await contact.lastBotText()).toBe(menu);

    const socket = await connect(server, supportSession.token);
    try {
      const appeared = new Promise<{ ticket: { id: number; queueId: number } }>((resolve) => {
        socket.on(
          `company-${s.company.id}-ticket`,
          (e: { action: string; ticket?: { id: number; queueId: number | null } }) => {
            if (e.action === "update" && e.ticket?.queueId === suporte.id) resolve(e as never);
          },
        );
      });
      await contact.says(" 2 ");
      expect((await appeared).ticket.id).toBe(contact.ticketId);
    } finally {
      socket.close();
    }
    // Suporte has no options: its greeting, then the agents take it from there.
    expect(await contact.ticket()).toMatchObject({
      queueId: suporte.id,
      chatbot: false,
      status: "pending",
    });
    expect(await contact.lastBotText()).toBe(`Bem-vindo ao Suporte, Contact ${contact.number}`);
    expect(await pendingIds(supportSession)).toContain(contact.ticketId);
    expect(await pendingIds(salesSession)).not.toContain(contact.ticketId);
    const before = (await contact.botMessages()).length;
    await contact.says("1");
    expect(await contact.botMessages()).toHaveLength(before);
    expect((await contact.ticket()).queueId).toBe(suporte.id);
  });

  it("sends the queue's greeting file as media with the greeting, then the menu", async () => {
    const s = await seedCompany(server);
    await server.db
      .update(queues)
      .set({ greetingMessage: "Bem-vindo, {nome}" })
      .where(eq(queues.id, s.queue.id));
    const upload = await multipart(server, s.as.admin, "POST", `/queue/${s.queue.id}/upload`, {
      files: [png],
    });
    expect(upload.statusCode).toBe(200);
    await addOption(server, s.as.admin, { title: "Planos", queueId: s.queue.id });
    const connection = await connectionWithQueues(server, s.company.id, [s.queue.id]);
    const contact = contactOf(server, connection);
    await contact.says("oi");
    const sent = await contact.botMessages();
    expect(sent.map((m) => [m.body, m.mediaType, m.fileId !== null])).toEqual([
      [`Bem-vindo, Contact ${contact.number}`, "image", true],
      [`1 - Planos\n${BACK}`, "chat", false],
    ]);
  });

  it("answers a redelivered message once, and a burst of answers in order", async () => {
    const s = await seedCompany(server);
    const other = await createQueue(server.db, s.company.id, { name: "Outra" });
    await addOption(server, s.as.admin, {
      title: "Planos",
      message: "Nossos planos",
      queueId: s.queue.id,
    });
    const connection = await connectionWithQueues(server, s.company.id, [s.queue.id, other.id]);
    const contact = contactOf(server, connection);
    await contact.says("oi", "first");
    const again = await contact.says("oi", "first");
    expect(again.duplicate).toBe(true);
    expect(await contact.botMessages()).toHaveLength(1);
    // Two answers arriving together: the queue first, then its option.
    await Promise.all([contact.says("1"), contact.says("1")]);
    expect((await contact.botMessages()).map((m) => m.body).slice(1)).toEqual([
      `1 - Planos\n${BACK}`,
      "Nossos planos",
    ]);
  });

  it("stops once an agent accepts the ticket; bot messages are not agent messages", async () => {
    const s = await seedCompany(server);
    const other = await createQueue(server.db, s.company.id);
    const connection = await connectionWithQueues(server, s.company.id, [s.queue.id, other.id]);
    const contact = contactOf(server, connection);
    await contact.says("oi");
    const [greeting] = await contact.botMessages();
    expect(greeting).toMatchObject({ senderId: null, fromMe: true });
    const accepted = await request(server, s.as.admin, "PUT", `/tickets/${contact.ticketId}`, {
      action: "accept",
    });
    expect(accepted.json()).toMatchObject({ status: "open", chatbot: false });
    await contact.says("1");
    expect(await contact.botMessages()).toHaveLength(1);
    expect(await contact.ticket()).toMatchObject({ queueId: null, userId: s.admin.id });
  });

  it("ignores group conversations and our own messages", async () => {
    const s = await seedCompany(server);
    const other = await createQueue(server.db, s.company.id);
    const connection = await connectionWithQueues(server, s.company.id, [s.queue.id, other.id]);
    const group = await server.ctx.inbound.receive({
      companyId: s.company.id,
      connectionId: connection.id,
      channelType: connection.channelType,
      providerMessageId: `g-${uid()}`,
      from: { number: `1203${uid()}`, name: "Família", isGroup: true },
      fromMe: false,
      body: "oi pessoal",
      mediaType: "chat",
    });
    const echo = await server.ctx.inbound.receive({
      companyId: s.company.id,
      connectionId: connection.id,
      channelType: connection.channelType,
      providerMessageId: `e-${uid()}`,
      from: { number: `5511${uid()}`, name: "Cliente" },
      fromMe: true,
      body: "mensagem enviada pelo celular",
      mediaType: "chat",
    });
    expect(group.ticket.chatbot).toBe(false);
    for (const ticketId of [group.ticket.id, echo.ticket.id]) {
      const sent = await server.db.select().from(messages).where(eq(messages.ticketId, ticketId));
      expect(sent.map((m) => m.body)).toHaveLength(1);
    }
  });
});

describe("chatbot: options tree", () => {
  /** Queue 'Atendimento': 1 Comercial (1 Preços with an image, 2 Falar com vendedor), 2 Encerrar. */
  async function tree() {
    const s = await seedCompany(server);
    const q = s.queue.id;
    const comercial = await addOption(server, s.as.admin, {
      title: "Comercial",
      message: "Escolha o assunto, {nome}",
      queueId: q,
    });
    const precos = await addOption(
      server,
      s.as.admin,
      {
        title: "Preços",
        message: "Tabela em anexo",
        queueId: q,
        parentId: comercial.id,
        fileType: "IMAGE",
      },
      [png],
    );
    const vendedor = await addOption(server, s.as.admin, {
      title: "Falar com vendedor",
      message: "Um vendedor vai te atender",
      queueId: q,
      parentId: comercial.id,
      waitTreatment: true,
    });
    await addOption(server, s.as.admin, {
      title: "Encerrar",
      message: "Até logo",
      queueId: q,
      finalize: true,
    });
    const connection = await connectionWithQueues(server, s.company.id, [q], {
      complationMessage: "Atendimento {protocolo} finalizado",
    });
    return { ...s, connection, comercial, precos, vendedor };
  }

  it("walks two levels: each answer sends the option's text, files go as media, invalid answers repeat the level, '#' goes back", async () => {
    const t = await tree();
    const contact = contactOf(server, t.connection);
    const roots = `1 - Comercial\n2 - Encerrar\n${BACK}`;
    const comercialMenu = `Escolha o assunto, Contact ${contact.number}\n\n1 - Preços\n2 - Falar com vendedor\n${BACK}`;
    await contact.says("oi");
    expect(await contact.lastBotText()).toBe(`Olá Contact ${contact.number}!\n\n${roots}`);

    await contact.says("1");
    expect(await contact.lastBotText()).toBe(comercialMenu);
    expect((await contact.ticket()).queueOptionId).toBe(t.comercial.id);
    await contact.says("7");
    expect(await contact.lastBotText()).toBe(comercialMenu);

    await contact.says("1");
    const media = (await contact.botMessages()).at(-1)!;
    expect(media).toMatchObject({ body: "Tabela em anexo", mediaType: "image" });
    expect(media.fileId).not.toBeNull();
    // The file reaches the contact through the channel (the web-chat adapter acknowledges it).
    await eventually(async () => {
      const [row] = await server.db.select().from(messages).where(eq(messages.id, media.id));
      return (row?.ack ?? 0) >= 1;
    });
    const listed = await request(server, t.as.admin, "GET", `/messages/${contact.ticketId}`);
    const shown = listed.json().messages.find((m: { id: number }) => m.id === media.id);
    expect(shown).toMatchObject({
      mediaType: "image",
      mediaUrl: expect.stringContaining("/files/"),
    });
    expect((await contact.ticket()).queueOptionId).toBe(t.comercial.id);

    await contact.says("#");
    expect(await contact.lastBotText()).toBe(`Olá Contact ${contact.number}!\n\n${roots}`);
    expect(await contact.ticket()).toMatchObject({ queueOptionId: null, chatbot: true });
  });

  it("'Falar com Atendente' hands the ticket to the queue's agents only", async () => {
    const t = await tree();
    const stranger = await seedCompany(server);
    const contact = contactOf(server, t.connection);
    await contact.says("oi");
    await contact.says("1");
    await contact.says("2");
    expect(await contact.lastBotText()).toBe("Um vendedor vai te atender");
    expect(await contact.ticket()).toMatchObject({
      status: "pending",
      chatbot: false,
      queueId: t.queue.id,
      queueOptionId: t.vendedor.id,
      userId: null,
    });
    expect(await pendingIds(t.as.member)).toContain(contact.ticketId);
    expect(await pendingIds(t.as.outsider)).not.toContain(contact.ticketId);
    expect(await pendingIds(stranger.as.admin)).not.toContain(contact.ticketId);
    const peek = await request(server, stranger.as.admin, "GET", `/tickets/${contact.ticketId}`);
    expect(peek.json().error).toBe("ERR_NO_TICKET_FOUND");
    // The bot is done: the contact's next words wait for an agent.
    const count = (await contact.botMessages()).length;
    await contact.says("1");
    expect(await contact.botMessages()).toHaveLength(count);
  });

  it("'Finalizar Atendimento' closes the ticket with the completion message; the next message is a new conversation", async () => {
    const t = await tree();
    const contact = contactOf(server, t.connection);
    await contact.says("oi");
    await contact.says("2");
    const ticket = await contact.ticket();
    expect(ticket).toMatchObject({ status: "closed", chatbot: false });
    expect((await contact.botMessages()).slice(-2).map((m) => m.body)).toEqual([
      "Até logo",
      `Atendimento ${ticket.protocol} finalizado`,
    ]);
    const [cycle] = await server.db
      .select()
      .from(ticketTracking)
      .where(eq(ticketTracking.ticketId, ticket.id));
    expect(cycle?.finishedAt).toBeInstanceOf(Date);

    await contact.says("oi de novo");
    expect(contact.ticketId).not.toBe(ticket.id);
    expect(await contact.ticket()).toMatchObject({ status: "pending", chatbot: true });
  });
});
