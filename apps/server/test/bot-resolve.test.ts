import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ticketTracking } from "../src/db/schema/index.js";
import { connectionWithQueues, contactOf, deliveriesSettled } from "./bot-helpers.js";
import {
  createQueue,
  request,
  seedCompany,
  setSetting,
  startTestServer,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  if (server) await deliveriesSettled(server);
  await server?.close();
});

const RATING_QUESTION =
  "Digite de 1 a 3 para avaliar nosso atendimento:\n1 - Insatisfeito\n2 - Satisfeito\n3 - Muito satisfeito";

const act = (session: Session, ticketId: number, body: Record<string, unknown>) =>
  request(server, session, "PUT", `/tickets/${ticketId}`, body);

const cycleOf = async (ticketId: number) =>
  (await server.db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, ticketId)))[0]!;

describe("chatbot: transfer and resolve messages", () => {
  async function attended() {
    const s = await seedCompany(server);
    const other = await createQueue(server.db, s.company.id, { name: "Outra fila" });
    const connection = await connectionWithQueues(server, s.company.id, [s.queue.id], {
      greetingMessage: "",
      transferMessage: "{nome}, você foi transferido",
      complationMessage: "Obrigado, {nome}! Protocolo {protocolo}",
      ratingMessage: "Como foi o atendimento, {nome}?",
    });
    const contact = contactOf(server, connection);
    await contact.says("oi");
    const accepted = await act(s.as.member, contact.ticketId, { action: "accept" });
    expect(accepted.statusCode).toBe(200);
    return { ...s, other, connection, contact };
  }

  it("tells the contact about a transfer; outsiders and other companies cannot transfer", async () => {
    const t = await attended();
    const stranger = await seedCompany(server);
    const foreign = await act(stranger.as.admin, t.contact.ticketId, {
      action: "move_to_queue",
      queueId: t.other.id,
    });
    expect(foreign.json().error).toBe("ERR_NO_TICKET_FOUND");
    const outsider = await act(t.as.outsider, t.contact.ticketId, {
      action: "move_to_queue",
      queueId: t.other.id,
    });
    expect(outsider.json().error).toBe("ERR_NO_PERMISSION");
    expect(await t.contact.botMessages()).toHaveLength(0);

    const moved = await act(t.as.member, t.contact.ticketId, {
      action: "move_to_queue",
      queueId: t.other.id,
    });
    expect(moved.json()).toMatchObject({ status: "pending", queueId: t.other.id });
    expect(await t.contact.lastBotText()).toBe(`Contact ${t.contact.number}, você foi transferido`);
    // A transferred ticket is for agents: the bot does not restart on the contact's answer.
    await t.contact.says("ok");
    expect(await t.contact.botMessages()).toHaveLength(1);
  });

  it("sends the completion message on resolve when rating is disabled", async () => {
    const t = await attended();
    const done = await act(t.as.member, t.contact.ticketId, { action: "finished" });
    expect(done.json()).toMatchObject({ status: "closed" });
    const protocol = (await t.contact.ticket()).protocol;
    expect(await t.contact.lastBotText()).toBe(
      `Obrigado, Contact ${t.contact.number}! Protocolo ${protocol}`,
    );
  });

  it("with rating enabled asks 1/2/3, stores the answer for the dashboard and then closes with the completion message", async () => {
    const t = await attended();
    await setSetting(server.db, t.company.id, "userRating", "enabled");
    const asked = await act(t.as.member, t.contact.ticketId, { action: "finished" });
    // The agent's list shows the ticket as waiting for the contact's rating.
    expect(asked.json()).toMatchObject({
      status: "open",
      userId: t.member.id,
      awaitingRating: true,
    });
    expect(await t.contact.lastBotText()).toBe(
      `Como foi o atendimento, Contact ${t.contact.number}?\n\n${RATING_QUESTION}`,
    );
    const waiting = await cycleOf(t.contact.ticketId);
    expect(waiting).toMatchObject({ rating: null, finishedAt: null });
    expect(waiting.ratingRequestedAt).toBeInstanceOf(Date);

    await t.contact.says("3");
    const ticket = await t.contact.ticket();
    expect(ticket.status).toBe("closed");
    expect(await t.contact.lastBotText()).toBe(
      `Obrigado, Contact ${t.contact.number}! Protocolo ${ticket.protocol}`,
    );
    const rated = await cycleOf(ticket.id);
    expect(rated).toMatchObject({ rating: 3, userId: t.member.id, finishedById: t.member.id });
    expect(rated.ratingAt).toBeInstanceOf(Date);
    // Support time ends when the agent resolved, not when the contact answered.
    expect(rated.finishedAt).toEqual(waiting.ratingRequestedAt);

    // A second conversation rated 2: the agent's average is 2.5 on the dashboard.
    const next = contactOf(server, t.connection);
    await next.says("oi");
    await act(t.as.member, next.ticketId, { action: "accept" });
    await act(t.as.member, next.ticketId, { action: "finished" });
    await next.says("2");
    const dashboard = await request(server, t.as.admin, "GET", "/dashboard?days=3");
    const member = dashboard.json().attendants.find((a: { id: number }) => a.id === t.member.id);
    expect(member).toMatchObject({ rating: 2.5, supportFinished: 2 });
  });

  it("another answer withdraws the rating request and the conversation goes on with the agent", async () => {
    const t = await attended();
    await setSetting(server.db, t.company.id, "userRating", "enabled");
    await act(t.as.member, t.contact.ticketId, { action: "finished" });
    const prompts = (await t.contact.botMessages()).length;
    await t.contact.says("na verdade ainda tenho uma dúvida");
    expect(await t.contact.ticket()).toMatchObject({ status: "open", userId: t.member.id });
    const shown = await request(server, t.as.member, "GET", `/tickets/${t.contact.ticketId}`);
    expect(shown.json()).toMatchObject({ awaitingRating: false });
    expect(await t.contact.botMessages()).toHaveLength(prompts);
    expect(await cycleOf(t.contact.ticketId)).toMatchObject({
      ratingRequestedAt: null,
      finishedAt: null,
    });
    // Resolving again asks again.
    await act(t.as.member, t.contact.ticketId, { action: "finished" });
    expect(await t.contact.lastBotText()).toContain(RATING_QUESTION);
    await t.contact.says("1");
    expect(await cycleOf(t.contact.ticketId)).toMatchObject({ rating: 1 });
  });

  it("an unanswered request closes the ticket without a rating when its job runs; a later message is a new conversation", async () => {
    const t = await attended();
    await setSetting(server.db, t.company.id, "userRating", "enabled");
    const before = Date.now();
    await act(t.as.member, t.contact.ticketId, { action: "finished" });
    const { rows: jobs } = (await server.database.executeSql(
      `select data, start_after from pgboss.job
        where name = 'bot.rating-expire' and (data->>'ticketId')::int = $1`,
      [t.contact.ticketId],
    )) as { rows: { data: unknown; start_after: string | Date }[] };
    expect(jobs).toHaveLength(1);
    const startAfter = new Date(jobs[0]!.start_after).getTime();
    expect(startAfter - before).toBeGreaterThanOrEqual(29 * 60_000);

    await server.ctx.bot.rating.expire(jobs[0]!.data as never);
    const ticket = await t.contact.ticket();
    expect(ticket.status).toBe("closed");
    expect(await cycleOf(ticket.id)).toMatchObject({ rating: null });
    expect(await t.contact.lastBotText()).toMatch(/^Obrigado, /);
    // Running the job twice changes nothing.
    await server.ctx.bot.rating.expire(jobs[0]!.data as never);

    await t.contact.says("3");
    expect(t.contact.ticketId).not.toBe(ticket.id);
    const [old] = await server.db
      .select()
      .from(ticketTracking)
      .where(and(eq(ticketTracking.ticketId, ticket.id)));
    expect(old?.rating).toBeNull();
  });

  it("resolving again while waiting for the rating closes at once", async () => {
    const t = await attended();
    await setSetting(server.db, t.company.id, "userRating", "enabled");
    await act(t.as.member, t.contact.ticketId, { action: "finished" });
    const closed = await act(t.as.member, t.contact.ticketId, { action: "finished" });
    expect(closed.json()).toMatchObject({ status: "closed" });
    expect(await cycleOf(t.contact.ticketId)).toMatchObject({ rating: null });
  });
});
