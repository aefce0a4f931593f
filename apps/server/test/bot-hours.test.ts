import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alwaysClosed, connectionWithQueues, contactOf, deliveriesSettled } from "./bot-helpers.js";
import {
  createCompany,
  createQueue,
  setSetting,
  startTestServer,
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

describe("chatbot: working hours", () => {
  it("outside the company's hours (scheduleType company) says so and stops; the ticket waits in pending", async () => {
    const company = await createCompany(server.db, { schedules: alwaysClosed });
    const s = { company, queue: await createQueue(server.db, company.id) };
    const other = await createQueue(server.db, s.company.id);
    const connection = await connectionWithQueues(server, s.company.id, [s.queue.id, other.id], {
      outOfHoursMessage: "Estamos fechados, {nome}",
    });

    // scheduleType disabled: the hours are not applied.
    const early = contactOf(server, connection);
    await early.says("oi");
    expect(await early.lastBotText()).toMatch(/^Olá .*!\n\n1 - /);

    await setSetting(server.db, s.company.id, "scheduleType", "company");
    const contact = contactOf(server, connection);
    await contact.says("oi");
    await contact.says("1");
    expect((await contact.botMessages()).map((m) => m.body)).toEqual([
      `Estamos fechados, Contact ${contact.number}`,
    ]);
    expect(await contact.ticket()).toMatchObject({
      status: "pending",
      chatbot: false,
      queueId: null,
    });
  });

  it("outside a queue's hours (scheduleType queue) gives the queue's out-of-hours message when it is reached", async () => {
    // Company hours do not count in queue mode.
    const s = { company: await createCompany(server.db, { schedules: alwaysClosed }) };
    await setSetting(server.db, s.company.id, "scheduleType", "queue");
    const closed = await createQueue(server.db, s.company.id, {
      name: "Financeiro",
      schedules: alwaysClosed,
      outOfHoursMessage: "O financeiro atende em horário comercial",
    });
    const open = await createQueue(server.db, s.company.id, { name: "Suporte" });
    const both = await connectionWithQueues(server, s.company.id, [closed.id, open.id]);
    const contact = contactOf(server, both);
    await contact.says("oi");
    expect(await contact.lastBotText()).toBe(
      `Olá Contact ${contact.number}!\n\n1 - Financeiro\n2 - Suporte`,
    );
    await contact.says("1");
    expect(await contact.lastBotText()).toBe("O financeiro atende em horário comercial");
    expect(await contact.ticket()).toMatchObject({ queueId: closed.id, chatbot: false });

    const only = await connectionWithQueues(server, s.company.id, [closed.id]);
    const direct = contactOf(server, only);
    await direct.says("oi");
    expect((await direct.botMessages()).map((m) => m.body)).toEqual([
      "O financeiro atende em horário comercial",
    ]);
  });
});
