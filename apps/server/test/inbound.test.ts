import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, messages, tickets } from "../src/db/schema/index.js";
import {
  connect,
  createCompany,
  createConnection,
  createQueue,
  createUser,
  inbound,
  login,
  nextEvent,
  collect,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => server?.close());

describe("the inbound pipeline", () => {
  it("turns 50 concurrent first messages of one new visitor into one contact, one ticket and 50 ordered messages", async () => {
    const company = await createCompany(server.db);
    const connection = await createConnection(server, company.id);
    const number = `wc-${uid()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        inbound(server, connection, { number, body: `message ${i}`, id: `m-${number}-${i}` }),
      ),
    );
    expect(results.every((r) => !r.duplicate)).toBe(true);

    const contactRows = await server.db
      .select()
      .from(contacts)
      .where(eq(contacts.companyId, company.id));
    expect(contactRows).toHaveLength(1);
    const ticketRows = await server.db
      .select()
      .from(tickets)
      .where(eq(tickets.companyId, company.id));
    expect(ticketRows).toHaveLength(1);
    expect(ticketRows[0]).toMatchObject({
      status: "pending",
      unreadMessages: 50,
      lastMessage: "message 49",
    });
    const stored = await server.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, ticketRows[0]!.id))
      .orderBy(messages.id);
    expect(stored.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `message ${i}`));
  });

  it("is idempotent by provider message id", async () => {
    const company = await createCompany(server.db);
    const connection = await createConnection(server, company.id);
    const first = await inbound(server, connection, {
      number: "5511999990000",
      id: "dup-1",
      body: "once",
    });
    const again = await inbound(server, connection, {
      number: "5511999990000",
      id: "dup-1",
      body: "once",
    });
    expect(again.duplicate).toBe(true);
    expect(again.message.id).toBe(first.message.id);
    const stored = await server.db
      .select()
      .from(messages)
      .where(eq(messages.ticketId, first.ticket.id));
    expect(stored).toHaveLength(1);
    expect(
      (await server.db.select().from(tickets).where(eq(tickets.id, first.ticket.id)))[0]
        ?.unreadMessages,
    ).toBe(1);
  });

  it("puts a new ticket in the connection's only queue and numbers protocols per company", async () => {
    const company = await createCompany(server.db);
    const queue = await createQueue(server.db, company.id);
    const connection = await createConnection(server, company.id);
    const { connectionQueues } = await import("../src/db/schema/index.js");
    await server.db
      .insert(connectionQueues)
      .values({ connectionId: connection.id, queueId: queue.id, companyId: company.id });
    const a = await inbound(server, connection, { number: "5511900000001" });
    const b = await inbound(server, connection, { number: "5511900000002" });
    expect(a.ticket.queueId).toBe(queue.id);
    expect([a.ticket.protocol, b.ticket.protocol]).toEqual([1, 2]);
  });

  it("announces the new ticket and message live to the company's admins, not to another company", async () => {
    const company = await createCompany(server.db);
    const other = await createCompany(server.db);
    const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
    const stranger = await createUser(server.db, { companyId: other.id, profile: "admin" });
    const mine = await connect(server, (await login(server, admin.email)).token);
    const theirs = await connect(server, (await login(server, stranger.email)).token);
    try {
      const connection = await createConnection(server, company.id);
      const ticketEvent = nextEvent<{
        action: string;
        ticket: { status: string; contact: { name: string } };
      }>(mine, `company-${company.id}-ticket`);
      const messageEvent = nextEvent<{
        action: string;
        message: { body: string };
        contact: { name: string };
      }>(mine, `company-${company.id}-appMessage`);
      const leaked = collect(server, theirs, `company-${company.id}-appMessage`, messageEvent);
      await inbound(server, connection, {
        number: "5511911112222",
        name: "Joana",
        body: "Oi, preciso de ajuda",
      });
      expect(await ticketEvent).toMatchObject({
        action: "update",
        ticket: { status: "pending", contact: { name: "Joana" } },
      });
      expect(await messageEvent).toMatchObject({
        action: "create",
        message: { body: "Oi, preciso de ajuda" },
        // The bell names the sender from it.
        contact: { name: "Joana", number: "5511911112222" },
      });
      expect(await leaked).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
