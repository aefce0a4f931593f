import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, messages, tickets } from "../src/db/schema/index.js";
import { presentMessage } from "../src/modules/messages/messages.presenter.js";
import { presentTicket } from "../src/modules/tickets/tickets.presenter.js";
import {
  connect,
  createCompany,
  createConnection,
  createUser,
  eventually,
  fence,
  inbound,
  login,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => server?.close());

/** A company with a web-chat connection and `n` contacts who each wrote once (their tickets). */
async function conversations(n: number) {
  const company = await createCompany(server.db);
  const connection = await createConnection(server, company.id);
  const numbers = Array.from({ length: n }, (_, i) => `55119${uid()}${i}`.slice(0, 15));
  for (const number of numbers) await inbound(server, connection, { number, body: "first" });
  return { company, connection, numbers };
}

/** How many transactions wrote these messages (rows written together share their xmin). */
async function transactionsOf(ids: number[]) {
  const [row] = await server.db
    .select({ n: sql<number>`count(distinct ${sql.raw("xmin")}::text)::int` })
    .from(messages)
    .where(inArray(messages.id, ids));
  return row!.n;
}

describe("the inbound pipeline's batches (texts into open tickets)", () => {
  it("stores many contacts' messages at once: each once, in each contact's order, with the right tickets and events", async () => {
    const { company, connection, numbers } = await conversations(20);
    const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
    const socket = await connect(server, (await login(server, admin.email)).token);
    const heard: {
      message: { body: string; contact: { name: string } | null };
      ticket: { unreadMessages: number; lastMessage: string };
    }[] = [];
    socket.on(
      `company-${company.id}-appMessage`,
      (e: (typeof heard)[number] & { action: string }) => {
        if (e.action === "create") heard.push(e);
      },
    );
    try {
      // Every contact's 10 messages at once, each contact's in order of sending.
      const results = await Promise.all(
        numbers.flatMap((number) =>
          Array.from({ length: 10 }, (_, i) =>
            inbound(server, connection, { number, body: `${number} says ${i}` }),
          ),
        ),
      );
      expect(results.every((r) => !r.duplicate && !r.ticketCreated)).toBe(true);
      // Written together, not one transaction each.
      expect(await transactionsOf(results.map((r) => r.message.id))).toBeLessThan(results.length);

      const ticketRows = await server.db
        .select()
        .from(tickets)
        .where(eq(tickets.companyId, company.id));
      expect(ticketRows).toHaveLength(20);
      for (const number of numbers) {
        const [contact] = await server.db
          .select()
          .from(contacts)
          .where(and(eq(contacts.companyId, company.id), eq(contacts.number, number)));
        const ticket = ticketRows.find((t) => t.contactId === contact!.id)!;
        expect(ticket).toMatchObject({ unreadMessages: 11, lastMessage: `${number} says 9` });
        const stored = await server.db
          .select({ body: messages.body })
          .from(messages)
          .where(eq(messages.ticketId, ticket.id))
          .orderBy(messages.id);
        expect(stored.map((m) => m.body)).toEqual([
          "first",
          ...Array.from({ length: 10 }, (_, i) => `${number} says ${i}`),
        ]);
      }

      await eventually(() => heard.length >= 200 + 0);
      // The 20 first messages were heard before the socket connected: only the 200 now.
      const bodies = heard.map((e) => e.message.body).filter((b) => b.includes(" says "));
      expect(new Set(bodies).size).toBe(200);
      // What the agents hear is what the presenters would read back from the database.
      const lastOf = (number: string) =>
        results.find((r) => r.message.body === `${number} says 9`)!;
      for (const number of numbers) {
        const event = heard.find((e) => e.message.body === `${number} says 9`)!;
        const { message, ticket } = lastOf(number);
        expect(event.ticket).toEqual(
          JSON.parse(JSON.stringify(await presentTicket(server.db, ticket.id))),
        );
        expect(event.message).toEqual(
          JSON.parse(
            JSON.stringify(
              await presentMessage(server.db, server.ctx.services.files.signer, message),
            ),
          ),
        );
        expect(event.ticket).toMatchObject({ unreadMessages: 11, lastMessage: `${number} says 9` });
      }
    } finally {
      socket.close();
    }
  });

  it("stores a provider id once, whether it comes twice in one batch or again later", async () => {
    const { connection, numbers } = await conversations(3);
    const [a, b, c] = numbers as [string, string, string];
    const id = `dup-${uid()}`;
    const together = await Promise.all([
      inbound(server, connection, { number: a, id, body: "once" }),
      inbound(server, connection, { number: b, id, body: "once" }),
      inbound(server, connection, { number: a, id, body: "once" }),
      inbound(server, connection, { number: c, body: "another" }),
    ]);
    expect(together.map((r) => r.duplicate)).toEqual([false, true, true, false]);
    expect(together[1]!.message.id).toBe(together[0]!.message.id);
    expect(together[2]!.message.id).toBe(together[0]!.message.id);

    const later = await Promise.all([
      inbound(server, connection, { number: a, id, body: "once" }),
      inbound(server, connection, { number: c, body: "more" }),
    ]);
    expect(later[0]).toMatchObject({ duplicate: true, message: { id: together[0]!.message.id } });
    expect(later[1]!.duplicate).toBe(false);

    const stored = await server.db
      .select()
      .from(messages)
      .where(and(eq(messages.connectionId, connection.id), eq(messages.providerMessageId, id)));
    expect(stored).toHaveLength(1);
    const [ticket] = await server.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, together[0]!.ticket.id));
    expect(ticket!.unreadMessages).toBe(2);
  });

  it("stores the others when one entry of a batch is refused by the database", async () => {
    const { connection, numbers } = await conversations(5);
    // Too big for the provider-id index: PostgreSQL refuses this one row.
    const hugeId = randomBytes(6000).toString("hex");
    const settled = await Promise.allSettled(
      numbers.map((number, i) =>
        inbound(server, connection, {
          number,
          body: `entry ${i}`,
          ...(i === 2 && { id: hugeId }),
        }),
      ),
    );
    expect(settled.map((s) => s.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    const stored = await server.db
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.connectionId, connection.id), sql`${messages.body} like 'entry %'`));
    expect(stored.map((m) => m.body).sort()).toEqual(["entry 0", "entry 1", "entry 3", "entry 4"]);
  });

  it("keeps companies apart when one batch carries both: same number, each its own ticket and audience", async () => {
    const number = `55119${uid()}`.slice(0, 13);
    const mine = await conversations(0);
    const theirs = await conversations(0);
    await inbound(server, mine.connection, { number, body: "first" });
    await inbound(server, theirs.connection, { number, body: "first" });
    const stranger = await createUser(server.db, {
      companyId: theirs.company.id,
      profile: "admin",
    });
    const socket = await connect(server, (await login(server, stranger.email)).token);
    const heard: { message: { body: string } }[] = [];
    socket.on(`company-${mine.company.id}-appMessage`, (e: (typeof heard)[number]) =>
      heard.push(e),
    );
    socket.on(`company-${theirs.company.id}-appMessage`, (e: (typeof heard)[number]) =>
      heard.push(e),
    );
    try {
      const [a, b] = await Promise.all([
        inbound(server, mine.connection, { number, body: "to mine" }),
        inbound(server, theirs.connection, { number, body: "to theirs" }),
      ]);
      expect(a!.ticket.companyId).toBe(mine.company.id);
      expect(b!.ticket.companyId).toBe(theirs.company.id);
      expect(a!.contact.id).not.toBe(b!.contact.id);
      await eventually(() => heard.length >= 1);
      await fence(server, socket);
      expect(heard.map((e) => e.message.body)).toEqual(["to theirs"]);
    } finally {
      socket.close();
    }
  });

  it("stores every text as written, with its raw payload, whatever characters it holds", async () => {
    const bodies = [
      "a,b",
      "{x}",
      '"quoted"',
      "back\\slash",
      "NULL",
      "",
      "  ",
      "olá 👋\nnova linha",
    ];
    const { company, connection, numbers } = await conversations(bodies.length);
    const results = await Promise.all(
      bodies.map((body, i) =>
        server.ctx.inbound.receive({
          companyId: company.id,
          connectionId: connection.id,
          channelType: connection.channelType,
          providerMessageId: `raw-${uid()}-${i}`,
          from: { number: numbers[i]!, name: `Contact ${numbers[i]}` },
          fromMe: i === 0,
          body,
          mediaType: "chat",
          timestamp: 1_700_000_000_000 + i,
          raw: { n: i, body, nested: { list: [1, "two", null] } },
        }),
      ),
    );
    const stored = await server.db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.id,
          results.map((r) => r.message.id),
        ),
      );
    // Written together (a batch that failed would have left them to one transaction each).
    expect(await transactionsOf(results.map((r) => r.message.id))).toBeLessThan(bodies.length);
    for (const [i, body] of bodies.entries()) {
      const row = stored.find((m) => m.id === results[i]!.message.id)!;
      expect(row).toMatchObject({
        body,
        fromMe: i === 0,
        read: i === 0,
        ack: i === 0 ? 1 : 0,
        messageTimestamp: 1_700_000_000_000 + i,
        raw: { n: i, body, nested: { list: [1, "two", null] } },
      });
      expect(results[i]!.message).toEqual(row);
    }
    // The agent's own message (fromMe) leaves the unread count alone; a blank text shows its type.
    const ticketOf = async (i: number) =>
      (await server.db.select().from(tickets).where(eq(tickets.id, results[i]!.ticket.id)))[0]!;
    expect(await ticketOf(0)).toMatchObject({ unreadMessages: 1, lastMessage: "a,b" });
    expect(await ticketOf(5)).toMatchObject({ unreadMessages: 2, lastMessage: "chat" });
  });

  it("keeps a contact's new picture and e-mail that come with a message", async () => {
    const { company, connection, numbers } = await conversations(2);
    const [changed, same] = numbers as [string, string];
    const event = (number: string, extra: object) => ({
      companyId: company.id,
      connectionId: connection.id,
      channelType: connection.channelType,
      providerMessageId: `m-${uid()}`,
      from: { number, name: `Contact ${number}`, ...extra },
      fromMe: false,
      body: "hello again",
      mediaType: "chat",
    });
    const results = await Promise.all([
      server.ctx.inbound.receive(
        event(changed, { profilePicUrl: "https://pics.example/new.jpg", email: "a@b.example" }),
      ),
      server.ctx.inbound.receive(event(same, {})),
    ]);
    expect(results.map((r) => r.duplicate)).toEqual([false, false]);
    const [row] = await server.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, company.id), eq(contacts.number, changed)));
    expect(row).toMatchObject({
      profilePicUrl: "https://pics.example/new.jpg",
      email: "a@b.example",
    });
    expect(results[0]!.contact.profilePicUrl).toBe("https://pics.example/new.jpg");
  });
});

// Two nodes are two servers on one PostgreSQL database (PGlite lives inside one process).
describe.skipIf(!process.env.TEST_DATABASE_URL)("the batches of two nodes", () => {
  it("store each provider id once and keep each contact's order when both nodes get every message", async () => {
    const other = await startTestServer();
    try {
      const { connection, numbers } = await conversations(10);
      for (let i = 0; i < 10; i++) {
        // Message i of every contact, delivered to both nodes at once (a provider's retry).
        const results = await Promise.all(
          numbers.flatMap((number) =>
            [server, other].map((node) =>
              inbound(node, connection, { number, id: `${number}-${i}`, body: `${number} #${i}` }),
            ),
          ),
        );
        for (let k = 0; k < results.length; k += 2) {
          expect(results[k]!.message.id).toBe(results[k + 1]!.message.id);
          expect([results[k]!.duplicate, results[k + 1]!.duplicate].sort()).toEqual([false, true]);
        }
      }
      const rows = await server.db
        .select({ ticketId: messages.ticketId, body: messages.body })
        .from(messages)
        .where(eq(messages.connectionId, connection.id))
        .orderBy(messages.id);
      for (const number of numbers) {
        expect(rows.filter((r) => r.body.startsWith(number)).map((r) => r.body)).toEqual(
          Array.from({ length: 10 }, (_, i) => `${number} #${i}`),
        );
      }
      const ticketRows = await server.db
        .select()
        .from(tickets)
        .where(eq(tickets.connectionId, connection.id));
      expect(ticketRows.map((t) => t.unreadMessages)).toEqual(Array(10).fill(11));
    } finally {
      await other.close();
    }
  });
});
