import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connections, messages, tickets } from "../src/db/schema/index.js";
import {
  createConnection,
  eventually,
  request,
  seedCompany,
  setSetting,
  startTestServer,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true, config: { BAILEYS_FAKE: "1" } });
});
afterAll(async () => server?.close());

const fakes = () => server.ctx.services.whatsappSessions.fakes!;
const hook = (id: number, action: string, payload?: object) =>
  server.app.inject({ method: "POST", url: `/test/baileys/${id}/${action}`, payload });

/** A company with a paired WhatsApp session and a contact's ticket on it. */
async function pairedTicket() {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id, {
    channelType: "BAILEYS",
    status: "DISCONNECTED",
  });
  await request(server, seed.as.admin, "POST", `/whatsappsession/${connection.id}`);
  await eventually(() => {
    const fake = fakes().get(connection.id);
    const session = server.ctx.services.whatsappSessions.sessions.local(connection.id);
    return Boolean(fake) && session?.socket === fake;
  });
  await hook(connection.id, "open");
  await eventually(async () => {
    const [row] = await server.db
      .select()
      .from(connections)
      .where(eq(connections.id, connection.id));
    return row?.status === "CONNECTED";
  });
  const number = `5511${String(Date.now()).slice(-8)}`;
  await hook(connection.id, "message", { from: number, text: "oi" });
  let ticket: typeof tickets.$inferSelect | undefined;
  await eventually(async () => {
    [ticket] = await server.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.connectionId, connection.id)));
    return Boolean(ticket);
  });
  return { ...seed, connection, ticket: ticket!, fake: fakes().get(connection.id)! };
}

async function sendAs(t: Awaited<ReturnType<typeof pairedTicket>>, body: string, bulk: boolean) {
  const message = await server.db.transaction((tx) =>
    server.ctx.outbound.insert(tx, t.ticket, { body }),
  );
  await server.ctx.outbound.afterInsert(t.ticket.id, message, { bulk });
  await eventually(async () => {
    const [row] = await server.db.select().from(messages).where(eq(messages.id, message.id));
    return row?.ack === 1;
  });
}

describe("Baileys sends", () => {
  it("shows 'typing…' before a bulk send when the company turned it on, never before a reply", async () => {
    const t = await pairedTicket();
    await sendAs(t, "resposta", false);
    await sendAs(t, "agendada sem digitação", true);
    expect(t.fake.presences).toEqual([]);

    await setSetting(server.db, t.company.id, "bulkTypingPresence", "enabled");
    await sendAs(t, "agendada", true);
    const jid = t.fake.sent.at(-1)!.jid;
    expect(t.fake.presences).toEqual([
      { type: "composing", jid },
      { type: "paused", jid },
    ]);
    await sendAs(t, "outra resposta", false);
    expect(t.fake.presences).toHaveLength(2);
    expect(t.fake.sent.map((s) => (s.content as { text?: string }).text)).toEqual([
      "resposta",
      "agendada sem digitação",
      "agendada",
      "outra resposta",
    ]);
  });
});
