import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tickets, ticketTracking } from "../src/db/schema/index.js";
import {
  collect,
  connect,
  createConnection,
  createQueue,
  createUser,
  inbound,
  login,
  nextEvent,
  request,
  seedCompany,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => server?.close());

/** A company with users and a WEB_CHAT connection routed to its queue. */
async function inbox() {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id, {
    greetingMessage: "",
    complationMessage: "",
  });
  const { connectionQueues } = await import("../src/db/schema/index.js");
  await server.db
    .insert(connectionQueues)
    .values({ connectionId: connection.id, queueId: seed.queue.id, companyId: seed.company.id });
  const newTicket = async (body = "Olá") =>
    (await inbound(server, connection, { number: `55119${uid()}`, body })).ticket;
  return { ...seed, connection, newTicket };
}

const list = (server: TestServer, session: Parameters<typeof request>[1], query: string) =>
  request(server, session, "GET", `/tickets?${query}`).then((r) => {
    expect(r.statusCode).toBe(200);
    return r.json() as {
      tickets: { id: number; status: string; userId: number | null }[];
      count: number;
      hasMore: boolean;
    };
  });

describe("ticket visibility", () => {
  it("a queue member sees the queue's pending tickets; a user outside the queue does not", async () => {
    const s = await inbox();
    const ticket = await s.newTicket();
    const mine = await list(server, s.as.member, "status=pending");
    expect(mine.tickets.map((t) => t.id)).toEqual([ticket.id]);
    expect(mine.count).toBe(1);
    expect((await list(server, s.as.outsider, "status=pending")).tickets).toEqual([]);
    expect(
      (await list(server, s.as.admin, "status=pending&showAll=true")).tickets.map((t) => t.id),
    ).toEqual([ticket.id]);

    const get = await request(server, s.as.outsider, "GET", `/tickets/${ticket.id}`);
    expect(get.statusCode).toBe(403);
    expect(get.json().error).toBe("ERR_NO_PERMISSION");
    const byUuid = await request(server, s.as.member, "GET", `/tickets/u/${ticket.uuid}`);
    expect(byUuid.json()).toMatchObject({ id: ticket.id, queueId: s.queue.id, status: "pending" });
  });

  it("another company's ticket is not found, whoever asks", async () => {
    const s = await inbox();
    const other = await inbox();
    const ticket = await s.newTicket();
    for (const session of [other.as.admin, other.as.member]) {
      const res = await request(server, session, "GET", `/tickets/${ticket.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe("ERR_NO_TICKET_FOUND");
      const put = await request(server, session, "PUT", `/tickets/${ticket.id}`, {
        action: "accept",
      });
      expect(put.statusCode).toBe(404);
      expect((await list(server, session, "status=pending&showAll=true")).tickets).toEqual([]);
    }
  });

  it("the Assigned tab lists only the caller's open tickets unless show-all is allowed and on", async () => {
    const s = await inbox();
    const ticket = await s.newTicket();
    await request(server, s.as.member, "PUT", `/tickets/${ticket.id}`, { action: "accept" });
    expect((await list(server, s.as.member, "status=open")).tickets.map((t) => t.id)).toEqual([
      ticket.id,
    ]);
    expect((await list(server, s.as.admin, "status=open")).tickets).toEqual([]);
    expect(
      (await list(server, s.as.admin, "status=open&showAll=true")).tickets.map((t) => t.id),
    ).toEqual([ticket.id]);
    // A user asking for show-all does not get it: the server decides.
    const colleague = await createUser(server.db, {
      companyId: s.company.id,
      queueIds: [s.queue.id],
    });
    const session = await login(server, colleague.email);
    expect((await list(server, session, "status=open&showAll=true")).tickets).toEqual([]);
  });

  it("filters by queue ('Sem Fila' = 0), tag, unread and searches contact name, number and message text", async () => {
    const s = await inbox();
    const a = await s.newTicket("pedido 123 atrasado");
    const b = await s.newTicket("quero cancelar");
    const q = (params: string) =>
      list(server, s.as.admin, `showAll=true&${params}`).then((r) =>
        r.tickets.map((t) => t.id).sort(),
      );
    expect(await q(`queueIds=${encodeURIComponent(JSON.stringify([s.queue.id]))}`)).toEqual(
      [a.id, b.id].sort(),
    );
    expect(await q(`queueIds=${encodeURIComponent(JSON.stringify([0]))}`)).toEqual([]);
    expect(await q("searchParam=atrasado")).toEqual([a.id]);
    expect(await q("searchParam=CANCELAR")).toEqual([b.id]);
    const { contacts } = await import("../src/db/schema/index.js");
    const { eq } = await import("drizzle-orm");
    await server.db
      .update(contacts)
      .set({ name: "Joana Prado", number: "5511987651234" })
      .where(eq(contacts.id, a.contactId));
    expect(await q("searchParam=prado")).toEqual([a.id]);
    expect(await q(`searchParam=${encodeURIComponent("(11) 98765-1234")}`)).toEqual([a.id]);
    expect(await q("withUnreadMessages=true")).toEqual([a.id, b.id].sort());
    const tag = await request(server, s.as.admin, "POST", "/tags", {
      name: "urgente",
      color: "#ff0000",
    });
    await request(server, s.as.admin, "POST", "/tags/sync", {
      ticketId: b.id,
      tags: [tag.json().id],
    });
    expect(await q(`tags=${encodeURIComponent(JSON.stringify([tag.json().id]))}`)).toEqual([b.id]);
  });

  it("pages the list, newest update first", async () => {
    const s = await inbox();
    const created = [];
    for (let i = 0; i < 45; i++) created.push((await s.newTicket(`t${i}`)).id);
    const first = await list(server, s.as.admin, "status=pending&showAll=true&pageNumber=1");
    const second = await list(server, s.as.admin, "status=pending&showAll=true&pageNumber=2");
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect(first.count).toBe(45);
    expect([...first.tickets, ...second.tickets].map((t) => t.id)).toEqual([...created].reverse());
  });
});

describe("a ticket's JSON", () => {
  it("is the same in a tab page, a search page, GET /tickets/:id and a batched message's event", async () => {
    const s = await inbox();
    const number = `55119${uid()}`;
    const { ticket } = await inbound(server, s.connection, { number, body: "primeira" });
    await request(server, s.as.member, "PUT", `/tickets/${ticket.id}`, { action: "accept" });
    for (const name of ["zeta", "alfa"]) {
      const tag = await request(server, s.as.admin, "POST", "/tags", { name, color: "#ff0000" });
      const tags = [
        ...(await request(server, s.as.admin, "GET", `/tickets/${ticket.id}`))
          .json()
          .tags.map((t: { id: number }) => t.id),
        tag.json().id,
      ];
      await request(server, s.as.admin, "POST", "/tags/sync", { ticketId: ticket.id, tags });
    }
    const single = async () => {
      const { campaign, ...dto } = (
        await request(server, s.as.member, "GET", `/tickets/${ticket.id}`)
      ).json();
      expect(campaign).toBeNull();
      return dto as Record<string, unknown>;
    };

    const socket = await connect(server, s.as.member.token);
    try {
      const event = nextEvent<{ ticket: Record<string, unknown> }>(
        socket,
        `company-${s.company.id}-ticket`,
      );
      await inbound(server, s.connection, { number, body: 'segunda "aspas" ç\n' });
      expect((await event).ticket).toEqual(await single());
    } finally {
      socket.close();
    }

    // Resolved by the agent, the contact's rating not in yet.
    await server.db
      .update(ticketTracking)
      .set({ ratingRequestedAt: new Date() })
      .where(eq(ticketTracking.ticketId, ticket.id));
    const dto = await single();
    const [row] = await server.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(dto).toMatchObject({
      id: ticket.id,
      status: "open",
      queue: { id: s.queue.id, name: s.queue.name, color: s.queue.color },
      user: { id: s.member.id, name: s.member.name },
      contact: { id: ticket.contactId, number, email: "", isGroup: false },
      whatsapp: { id: s.connection.id, name: s.connection.name, channelType: "WEB_CHAT" },
      lastMessage: 'segunda "aspas" ç\n',
      unreadMessages: 1,
      awaitingRating: true,
      tags: [
        { name: "alfa", color: "#ff0000" },
        { name: "zeta", color: "#ff0000" },
      ],
      createdAt: row!.createdAt.toISOString(),
      updatedAt: row!.updatedAt.toISOString(),
    });
    expect((await list(server, s.as.member, "status=open")).tickets).toEqual([dto]);
    expect((await list(server, s.as.member, "searchParam=primeira")).tickets).toEqual([dto]);
  });
});

describe("ticket actions", () => {
  it("accept → open for the agent, with tracking; a second accept conflicts", async () => {
    const s = await inbox();
    const ticket = await s.newTicket();
    const accepted = await request(server, s.as.member, "PUT", `/tickets/${ticket.id}`, {
      action: "accept",
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: "open",
      userId: s.member.id,
      unreadMessages: 0,
    });
    const again = await request(server, s.as.admin, "PUT", `/tickets/${ticket.id}`, {
      action: "accept",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_OTHER_OPEN_TICKET");
    expect(again.json().message).toContain(s.member.name);
    const [track] = await server.db
      .select()
      .from(ticketTracking)
      .where(eq(ticketTracking.ticketId, ticket.id));
    expect(track?.queuedAt).toBeTruthy();
    expect(track?.startedAt).toBeTruthy();
    expect(track?.userId).toBe(s.member.id);
  });

  it("move_to_pending, finished, reopen follow the state machine and record who finished", async () => {
    const s = await inbox();
    const ticket = await s.newTicket();
    const put = (action: string, extra: object = {}) =>
      request(server, s.as.member, "PUT", `/tickets/${ticket.id}`, { action, ...extra });
    await put("accept");
    expect((await put("move_to_pending")).json()).toMatchObject({
      status: "pending",
      userId: null,
    });
    await put("accept");
    expect((await put("finished", { withMessage: true })).json()).toMatchObject({
      status: "closed",
    });
    const bad = await put("move_to_pending");
    expect(bad.statusCode).toBe(400);
    expect((await put("reopen")).json()).toMatchObject({ status: "open", userId: s.member.id });
    const tracks = await server.db
      .select()
      .from(ticketTracking)
      .where(eq(ticketTracking.ticketId, ticket.id));
    expect(tracks).toHaveLength(2);
    expect(tracks.find((t) => t.finishedAt)?.finishedById).toBe(s.member.id);
  });

  it("another agent cannot resolve a ticket that is not theirs; an admin can", async () => {
    const s = await inbox();
    const ticket = await s.newTicket();
    await request(server, s.as.member, "PUT", `/tickets/${ticket.id}`, { action: "accept" });
    const colleague = await createUser(server.db, {
      companyId: s.company.id,
      queueIds: [s.queue.id],
    });
    const session = await login(server, colleague.email);
    const res = await request(server, session, "PUT", `/tickets/${ticket.id}`, {
      action: "finished",
    });
    expect(res.statusCode).toBe(403);
    const byAdmin = await request(server, s.as.admin, "PUT", `/tickets/${ticket.id}`, {
      action: "finished",
    });
    expect(byAdmin.json().status).toBe("closed");
  });

  it("transfers need a user or a queue; a transfer leaves the ticket pending for the target", async () => {
    const s = await inbox();
    const ticket = await s.newTicket();
    await request(server, s.as.member, "PUT", `/tickets/${ticket.id}`, { action: "accept" });
    const none = await request(server, s.as.member, "PUT", `/tickets/${ticket.id}`, {
      action: "transfer_to_user",
    });
    expect(none.statusCode).toBe(400);
    const other = await createQueue(server.db, s.company.id);
    const moved = await request(server, s.as.member, "PUT", `/tickets/${ticket.id}`, {
      action: "transfer_to_user_and_queue",
      queueId: other.id,
      userId: s.outsider.id,
    });
    expect(moved.json()).toMatchObject({
      status: "pending",
      queueId: other.id,
      userId: s.outsider.id,
    });
    expect((await list(server, s.as.outsider, "status=pending")).tickets.map((t) => t.id)).toEqual([
      ticket.id,
    ]);
    const foreignQueue = await createQueue(server.db, (await inbox()).company.id);
    const bad = await request(server, s.as.admin, "PUT", `/tickets/${ticket.id}`, {
      action: "move_to_queue",
      queueId: foreignQueue.id,
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error).toBe("ERR_NO_QUEUE_FOUND");
  });

  it("deleting needs ticket-options:deleteTicket", async () => {
    const s = await inbox();
    const ticket = await s.newTicket();
    expect((await request(server, s.as.member, "DELETE", `/tickets/${ticket.id}`)).statusCode).toBe(
      403,
    );
    expect((await request(server, s.as.admin, "DELETE", `/tickets/${ticket.id}`)).statusCode).toBe(
      204,
    );
    expect((await request(server, s.as.admin, "GET", `/tickets/${ticket.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe("POST /tickets", () => {
  it("opens a ticket for the agent; a second one for the same contact names who holds it", async () => {
    const s = await inbox();
    const contact = await request(server, s.as.member, "POST", "/contacts", {
      name: "Carla",
      number: `5511${uid().slice(0, 7)}1`,
    });
    expect(contact.statusCode).toBe(201);
    // A phone contact: the default web chat cannot reach it, a WhatsApp line can.
    const phoneLine = await createConnection(server, s.company.id, {
      channelType: "BAILEYS",
      isDefault: false,
    });
    const payload = {
      contactId: contact.json().id,
      queueId: s.queue.id,
      whatsappId: phoneLine.id,
      status: "open",
    };
    const created = await request(server, s.as.member, "POST", "/tickets", payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: "open",
      userId: s.member.id,
      queueId: s.queue.id,
      whatsappId: phoneLine.id,
    });
    const again = await request(server, s.as.admin, "POST", "/tickets", payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_OTHER_OPEN_TICKET");
    expect(again.json().message).toContain(s.member.name);
  });

  it("requires a queue for users ('Selecione uma fila') but not for admins", async () => {
    const s = await inbox();
    const contact = (
      await request(server, s.as.admin, "POST", "/contacts", {
        name: "Davi",
        number: `5511${uid().slice(0, 7)}2`,
      })
    ).json();
    const phoneLine = await createConnection(server, s.company.id, {
      channelType: "BAILEYS",
      isDefault: false,
    });
    const res = await request(server, s.as.member, "POST", "/tickets", {
      contactId: contact.id,
      whatsappId: phoneLine.id,
      status: "open",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Selecione uma fila");
    const byAdmin = await request(server, s.as.admin, "POST", "/tickets", {
      contactId: contact.id,
      whatsappId: phoneLine.id,
      status: "open",
    });
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().queueId).toBeNull();
  });
});

describe("live ticket events", () => {
  it("reach the queue's members and admins, never the user outside the queue or another company", async () => {
    const s = await inbox();
    const other = await inbox();
    const sockets = {
      member: await connect(server, s.as.member.token),
      outsider: await connect(server, s.as.outsider.token),
      admin: await connect(server, s.as.admin.token),
      foreign: await connect(server, other.as.admin.token),
    };
    try {
      const channel = `company-${s.company.id}-ticket`;
      const got = {
        member: nextEvent<{ action: string; ticket: { id: number } }>(sockets.member, channel),
        admin: nextEvent<{ action: string; ticket: { id: number } }>(sockets.admin, channel),
      };
      const leaked = {
        outsider: collect(server, sockets.outsider, channel, got.member),
        foreign: collect(server, sockets.foreign, channel, got.member),
      };
      const ticket = await s.newTicket();
      expect((await got.member).ticket.id).toBe(ticket.id);
      expect((await got.admin).ticket.id).toBe(ticket.id);
      expect(await leaked.outsider).toEqual([]);
      expect(await leaked.foreign).toEqual([]);

      // Transferred to another queue: the member is told to drop it, the admin keeps it.
      const other2 = await createQueue(server.db, s.company.id);
      const dropped = nextEvent<{ action: string; ticketId: number }>(sockets.member, channel);
      await request(server, s.as.admin, "PUT", `/tickets/${ticket.id}`, {
        action: "move_to_queue",
        queueId: other2.id,
      });
      expect(await dropped).toEqual({ action: "delete", ticketId: ticket.id });
    } finally {
      Object.values(sockets).forEach((socket) => socket.close());
    }
  });
});
