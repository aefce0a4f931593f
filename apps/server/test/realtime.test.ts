import { eq, inArray } from "drizzle-orm";
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSessions, users } from "../src/db/schema/index.js";
import { PRESENCE_TIMING } from "../src/realtime/presence.js";
import { rooms } from "../src/realtime/rooms.js";
import {
  collect,
  connect,
  createQueue,
  createTicket,
  eventually,
  fence,
  login,
  nextEvent,
  request,
  seedCompany,
  type TestServer,
  startTestServer,
} from "./harness.js";

let server: TestServer;
const open: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await server?.close();
});

/** Connects and remembers the socket so it is closed after the file. */
async function socketFor(token: string): Promise<Socket> {
  const socket = await connect(server, token);
  open.push(socket);
  return socket;
}

/** The connect_error a handshake ends with (fails the test if it connects). */
function refusal(
  auth: Record<string, string>,
  query?: Record<string, string>,
): Promise<Error & { data?: unknown }> {
  const socket = connectSocket(server.url, {
    transports: ["websocket"],
    auth,
    query,
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("the socket connected")));
    socket.once("connect_error", (err) => resolve(err));
  });
}

async function inRoom(room: string, socket: Socket): Promise<boolean> {
  const sockets = await server.io.in(room).fetchSockets();
  return sockets.some((s) => s.id === socket.id);
}

describe("socket authentication", () => {
  it("without a token the handshake is refused with ERR_SESSION_EXPIRED", async () => {
    const err = await refusal({});
    expect(err.message).toBe("ERR_SESSION_EXPIRED");
    expect(err.data).toEqual({ error: "ERR_SESSION_EXPIRED" });
  });

  it("an expired access token is refused with ERR_TOKEN_EXPIRED (the client refreshes)", async () => {
    const seed = await seedCompany(server);
    const [session] = await server.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, seed.member.id));
    const expired = server.app.jwt.sign(
      { sub: seed.member.id, sid: session!.id, typ: "access" },
      { clockTimestamp: Date.now() - 3_600_000 },
    );
    expect((await refusal({ token: expired })).message).toBe("ERR_TOKEN_EXPIRED");
  });

  it("a forged token is refused", async () => {
    expect((await refusal({ token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.forged" })).message).toBe(
      "ERR_SESSION_EXPIRED",
    );
  });

  it("the token of a logged-out session is refused", async () => {
    const seed = await seedCompany(server);
    const out = await server.app.inject({
      method: "POST",
      url: "/auth/logout",
      headers: { authorization: `Bearer ${seed.as.member.token}` },
    });
    expect(out.statusCode).toBe(204);
    expect((await refusal({ token: seed.as.member.token })).message).toBe("ERR_SESSION_EXPIRED");
  });

  it("the token of a session replaced by a newer login is refused with SM00014", async () => {
    const seed = await seedCompany(server);
    await login(server, seed.member.email);
    expect((await refusal({ token: seed.as.member.token })).message).toBe("SM00014");
  });

  it("a valid token connects, also given as 'Bearer …'", async () => {
    const seed = await seedCompany(server);
    const socket = await socketFor(seed.as.member.token);
    expect(socket.connected).toBe(true);
    const bearer = await socketFor(`Bearer ${seed.as.member.token}`);
    expect(bearer.connected).toBe(true);
  });
});

describe("company isolation", () => {
  it("user events of company A never reach company B, even when B's socket names A in its query", async () => {
    const a = await seedCompany(server);
    const b = await seedCompany(server);
    const channelA = `company-${a.company.id}-user`;
    const mine = await socketFor(a.as.outsider.token);
    const sneaky = connectSocket(server.url, {
      transports: ["websocket"],
      auth: { token: b.as.admin.token },
      query: { companyId: String(a.company.id), userId: String(a.admin.id) },
      reconnection: false,
      forceNew: true,
    });
    open.push(sneaky);
    await nextEvent(sneaky, "connect");
    const bAdmin = await socketFor(b.as.admin.token);

    const got = nextEvent<{ action: string; user: { id: number } }>(mine, channelA);
    const leakedSneaky = collect(server, sneaky, channelA, got);
    const leakedB = collect(server, bAdmin, channelA, got);
    await request(server, a.as.admin, "PUT", `/users/${a.member.id}`, { name: "Renamed In A" });
    expect(await got).toMatchObject({
      action: "update",
      user: { id: a.member.id, name: "Renamed In A" },
    });
    expect(await leakedSneaky).toEqual([]);
    expect(await leakedB).toEqual([]);
  });

  it("settings changes reach company-{id}-settings of that company only", async () => {
    const a = await seedCompany(server);
    const b = await seedCompany(server);
    const memberA = await socketFor(a.as.member.token);
    const adminB = await socketFor(b.as.admin.token);
    const got = nextEvent(memberA, `company-${a.company.id}-settings`);
    const leakedA = collect(server, adminB, `company-${a.company.id}-settings`, got);
    const leakedB = collect(server, adminB, `company-${b.company.id}-settings`, got);
    const res = await request(server, a.as.admin, "PUT", "/settings/userRating", {
      value: "enabled",
    });
    expect(res.statusCode).toBe(200);
    expect(await got).toEqual({
      action: "update",
      setting: { key: "userRating", value: "enabled" },
    });
    expect(await leakedA).toEqual([]);
    expect(await leakedB).toEqual([]);
  });
});

describe("ticket rooms (joinChatBox / leftChatBox)", () => {
  it("a queue member who opens a ticket of their queue receives its events; others get nothing", async () => {
    const a = await seedCompany(server);
    const b = await seedCompany(server);
    const ticket = await createTicket(server.db, a.company.id, { queueId: a.queue.id });
    const room = rooms.ticket(a.company.id, ticket.id);

    const member = await socketFor(a.as.member.token);
    const admin = await socketFor(a.as.admin.token);
    const outsider = await socketFor(a.as.outsider.token);
    const stranger = await socketFor(b.as.admin.token);
    member.emit("joinChatBox", String(ticket.id));
    admin.emit("joinChatBox", ticket.id);
    outsider.emit("joinChatBox", ticket.id);
    stranger.emit("joinChatBox", ticket.id);
    // A refused join leaves no trace: each refused socket then joins a ticket it may see, and
    // that join, handled after the refused one, is the condition to wait on.
    const outsiderOwn = await createTicket(server.db, a.company.id, { userId: a.outsider.id });
    const strangerOwn = await createTicket(server.db, b.company.id);
    outsider.emit("joinChatBox", outsiderOwn.id);
    stranger.emit("joinChatBox", strangerOwn.id);
    await eventually(
      async () =>
        (await inRoom(room, member)) &&
        (await inRoom(room, admin)) &&
        (await inRoom(rooms.ticket(a.company.id, outsiderOwn.id), outsider)) &&
        (await inRoom(rooms.ticket(b.company.id, strangerOwn.id), stranger)),
    );

    const gotMember = nextEvent(member, "x");
    const gotAdmin = nextEvent(admin, "x");
    const leakedOutsider = collect(server, outsider, "x", gotMember);
    const leakedStranger = collect(server, stranger, "x", gotMember);
    server.ctx.publisher.emit(room, "x", { ticketId: ticket.id });
    expect(await gotMember).toEqual({ ticketId: ticket.id });
    expect(await gotAdmin).toEqual({ ticketId: ticket.id });
    expect(await leakedOutsider).toEqual([]);
    expect(await leakedStranger).toEqual([]);
  });

  it("a user of another company whose own company has a ticket with the same id gets nothing from ours", async () => {
    const a = await seedCompany(server);
    const b = await seedCompany(server);
    const ticket = await createTicket(server.db, a.company.id, { queueId: a.queue.id });
    const stranger = await socketFor(b.as.admin.token);
    stranger.emit("joinChatBox", ticket.id);
    // The positive control: the same socket's join of a ticket of its own, handled after.
    const own = await createTicket(server.db, b.company.id);
    stranger.emit("joinChatBox", own.id);
    await eventually(() => inRoom(rooms.ticket(b.company.id, own.id), stranger));
    expect(await inRoom(rooms.ticket(a.company.id, ticket.id), stranger)).toBe(false);
    expect(await inRoom(rooms.ticket(b.company.id, ticket.id), stranger)).toBe(false);
  });

  it("leftChatBox stops delivery", async () => {
    const a = await seedCompany(server);
    const ticket = await createTicket(server.db, a.company.id, { queueId: a.queue.id });
    const room = rooms.ticket(a.company.id, ticket.id);
    const member = await socketFor(a.as.member.token);
    const admin = await socketFor(a.as.admin.token);
    member.emit("joinChatBox", ticket.id);
    admin.emit("joinChatBox", ticket.id);
    await eventually(async () => (await inRoom(room, member)) && (await inRoom(room, admin)));
    member.emit("leftChatBox", ticket.id);
    await eventually(async () => !(await inRoom(room, member)));
    // The admin, still in the room, receives the event the member no longer gets.
    const kept = nextEvent(admin, "x");
    const got = collect(server, member, "x", kept);
    server.ctx.publisher.emit(room, "x", { ticketId: ticket.id });
    expect(await kept).toEqual({ ticketId: ticket.id });
    expect(await got).toEqual([]);
  });

  it("an unrelated edit keeps the open ticket live; losing the queue ends it", async () => {
    const a = await seedCompany(server);
    const ticket = await createTicket(server.db, a.company.id, { queueId: a.queue.id });
    const room = rooms.ticket(a.company.id, ticket.id);
    const member = await socketFor(a.as.member.token);
    const admin = await socketFor(a.as.admin.token);
    member.emit("joinChatBox", ticket.id);
    admin.emit("joinChatBox", ticket.id);
    await eventually(async () => (await inRoom(room, member)) && (await inRoom(room, admin)));

    await request(server, a.as.admin, "PUT", `/users/${a.member.id}`, { name: "Still Watching" });
    const got = nextEvent(member, "x");
    server.ctx.publisher.emit(room, "x", { n: 1 });
    expect(await got).toEqual({ n: 1 });

    const other = await createQueue(server.db, a.company.id);
    const res = await request(server, a.as.admin, "PUT", `/users/${a.member.id}`, {
      queueIds: [other.id],
    });
    expect(res.json().queueIds).toEqual([other.id]);
    const kept = nextEvent(admin, "x");
    const none = collect(server, member, "x", kept);
    server.ctx.publisher.emit(room, "x", { n: 2 });
    expect(await kept).toEqual({ n: 2 });
    expect(await none).toEqual([]);
  });

  it("moving the ticket to a queue the member is not in takes them out of its room", async () => {
    const a = await seedCompany(server);
    const ticket = await createTicket(server.db, a.company.id, { queueId: a.queue.id });
    const room = rooms.ticket(a.company.id, ticket.id);
    const member = await socketFor(a.as.member.token);
    const admin = await socketFor(a.as.admin.token);
    member.emit("joinChatBox", ticket.id);
    admin.emit("joinChatBox", ticket.id);
    await eventually(async () => (await inRoom(room, member)) && (await inRoom(room, admin)));

    const other = await createQueue(server.db, a.company.id);
    const gone = nextEvent(member, `company-${a.company.id}-ticket`);
    const res = await request(server, a.as.admin, "PUT", `/tickets/${ticket.id}`, {
      action: "move_to_queue",
      queueId: other.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toEqual({ action: "delete", ticketId: ticket.id });
    await eventually(async () => !(await inRoom(room, member)));
    expect(await inRoom(room, admin)).toBe(true);
    const kept = nextEvent(admin, "x");
    const none = collect(server, member, "x", kept);
    server.ctx.publisher.emit(room, "x", { n: 3 });
    expect(await kept).toEqual({ n: 3 });
    expect(await none).toEqual([]);
  });
});

describe("presence", () => {
  // A shorter grace so the file need not wait out the real one (30 s).
  beforeAll(() => {
    server.ctx.presence.timing.offlineGraceMs = 1500;
  });

  /** Presence travels as {action: "update", companyId, users: [{id, online}]}. */
  type PresenceEvent = {
    action: string;
    companyId: number;
    users: { id: number; online: boolean }[];
  };
  const about = (events: PresenceEvent[], userId: number) =>
    events.flatMap((e) => e.users ?? []).filter((u) => u.id === userId);

  it("userStatus marks the user online and tells the company", async () => {
    const a = await seedCompany(server);
    const observer = await socketFor(a.as.admin.token);
    const member = await socketFor(a.as.member.token);
    expect((await request(server, a.as.admin, "GET", `/users/${a.member.id}`)).json().online).toBe(
      false,
    );
    const announced = nextEvent<PresenceEvent>(observer, `company-${a.company.id}-user`);
    member.emit("userStatus");
    expect(await announced).toEqual({
      action: "update",
      companyId: a.company.id,
      users: [{ id: a.member.id, online: true }],
    });
    expect((await request(server, a.as.admin, "GET", `/users/${a.member.id}`)).json().online).toBe(
      true,
    );
  });

  it("a burst of people coming online reaches each browser as one event", async () => {
    const a = await seedCompany(server);
    const observer = await socketFor(a.as.admin.token);
    const member = await socketFor(a.as.member.token);
    const outsider = await socketFor(a.as.outsider.token);
    // A wider window than the real 200 ms, so a slow machine cannot split the burst.
    server.ctx.presence.timing.announceBatchMs = 1000;
    const everyoneOnline = async () => {
      const rows = await server.db
        .select({ online: users.online })
        .from(users)
        .where(inArray(users.id, [a.admin.id, a.member.id, a.outsider.id]));
      return rows.every((r) => r.online);
    };
    // Until all three are online and nothing waits to be announced; then the fence.
    const heard = collect<PresenceEvent>(
      server,
      observer,
      `company-${a.company.id}-user`,
      (async () => {
        observer.emit("userStatus");
        member.emit("userStatus");
        outsider.emit("userStatus");
        await eventually(everyoneOnline, 10_000);
        await eventually(() => server.ctx.presence.idle, 10_000);
      })(),
    );
    const events = await heard;
    server.ctx.presence.timing.announceBatchMs = PRESENCE_TIMING.announceBatchMs;
    expect(events).toHaveLength(1);
    expect([...events[0]!.users].sort((x, y) => x.id - y.id)).toEqual(
      [a.admin.id, a.member.id, a.outsider.id]
        .sort((x, y) => x - y)
        .map((id) => ({ id, online: true })),
    );
  });

  it("closing the last socket marks the user offline", async () => {
    const a = await seedCompany(server);
    const observer = await socketFor(a.as.admin.token);
    const first = await socketFor(a.as.member.token);
    const second = await socketFor(a.as.member.token);
    const channel = `company-${a.company.id}-user`;
    const online = nextEvent(observer, channel);
    first.emit("userStatus");
    await online;

    const firstId = first.id!;
    let lastClosed = false;
    const offline = new Promise<PresenceEvent>((resolve) =>
      observer.on(channel, (e: PresenceEvent) => {
        if (lastClosed && about([e], a.member.id).some((u) => !u.online)) resolve(e);
      }),
    );
    // Everything announced about the member from the first close to the last one's offline.
    const announced = collect<PresenceEvent>(server, observer, channel, offline);
    first.close();
    // Another tab is still open: once the server has handled the close, the user is online.
    await eventually(() => !server.io.of("/").sockets.has(firstId));
    expect((await request(server, a.as.admin, "GET", `/users/${a.member.id}`)).json().online).toBe(
      true,
    );

    lastClosed = true;
    second.close();
    expect(about([await offline], a.member.id)).toEqual([{ id: a.member.id, online: false }]);
    // One offline announcement only: the last tab's (the first close announced nothing).
    expect(about(await announced, a.member.id)).toEqual([{ id: a.member.id, online: false }]);
    expect((await request(server, a.as.admin, "GET", `/users/${a.member.id}`)).json().online).toBe(
      false,
    );
  });

  it("a user whose socket comes back within the grace period never goes offline", async () => {
    const a = await seedCompany(server);
    const observer = await socketFor(a.as.admin.token);
    const channel = `company-${a.company.id}-user`;
    const first = await socketFor(a.as.member.token);
    const online = nextEvent(observer, channel);
    first.emit("userStatus");
    await online;

    // A network blip: the socket drops and a new one opens at once.
    // Until the new socket is in and nothing waits (a broken blip would first wait out the
    // grace period, then announce the user offline before this resolves).
    const heard = collect<PresenceEvent>(
      server,
      observer,
      channel,
      (async () => {
        first.close();
        const again = await socketFor(a.as.member.token);
        again.emit("userStatus");
        await eventually(() => server.ctx.presence.idle, 10_000);
      })(),
    );
    expect(about(await heard, a.member.id)).toEqual([]);
    expect((await request(server, a.as.admin, "GET", `/users/${a.member.id}`)).json().online).toBe(
      true,
    );
  });

  it("a logout takes the user offline at once, without the grace period", async () => {
    const a = await seedCompany(server);
    const observer = await socketFor(a.as.admin.token);
    const channel = `company-${a.company.id}-user`;
    const member = await socketFor(a.as.member.token);
    const online = nextEvent(observer, channel);
    member.emit("userStatus");
    await online;
    server.ctx.presence.timing.offlineGraceMs = 60_000;
    try {
      const offline = nextEvent<PresenceEvent>(observer, channel, 10_000);
      const out = await request(server, a.as.member, "POST", "/auth/logout");
      expect(out.statusCode).toBe(204);
      expect(about([await offline], a.member.id)).toEqual([{ id: a.member.id, online: false }]);
    } finally {
      server.ctx.presence.timing.offlineGraceMs = 1500;
    }
  });

  it("the sweep marks users offline when they stop announcing themselves", async () => {
    const a = await seedCompany(server);
    const observer = await socketFor(a.as.admin.token);
    const member = await socketFor(a.as.member.token);
    const online = nextEvent(observer, `company-${a.company.id}-user`);
    member.emit("userStatus");
    await online;

    const offline = nextEvent<PresenceEvent>(observer, `company-${a.company.id}-user`);
    const swept = await server.ctx.presence.sweep(Date.now() + 20 * 60_000);
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(about([await offline], a.member.id)).toEqual([{ id: a.member.id, online: false }]);
    const [row] = await server.db.select().from(users).where(eq(users.id, a.member.id));
    expect(row?.online).toBe(false);
  });

  it("a recent announcement survives the sweep", async () => {
    const a = await seedCompany(server);
    const observer = await socketFor(a.as.admin.token);
    const member = await socketFor(a.as.member.token);
    const online = nextEvent(observer, `company-${a.company.id}-user`);
    member.emit("userStatus");
    await online;
    await server.ctx.presence.sweep(Date.now());
    expect((await request(server, a.as.admin, "GET", `/users/${a.member.id}`)).json().online).toBe(
      true,
    );
  });
});

describe("room membership follows the database", () => {
  it("a user added to a queue receives its events without reconnecting, and stops after removal", async () => {
    const a = await seedCompany(server);
    const room = rooms.queue(a.company.id, a.queue.id);
    const outsider = await socketFor(a.as.outsider.token);
    // The queue's member receives what the outsider must not (the positive control).
    const member = await socketFor(a.as.member.token);

    const memberGot = nextEvent(member, "q");
    const before = collect(server, outsider, "q", memberGot);
    server.ctx.publisher.emit(room, "q", { n: 0 });
    expect(await memberGot).toEqual({ n: 0 });
    expect(await before).toEqual([]);

    const added = await request(server, a.as.admin, "PUT", `/users/${a.outsider.id}`, {
      queueIds: [a.queue.id],
    });
    expect(added.statusCode).toBe(200);
    const got = nextEvent(outsider, "q");
    server.ctx.publisher.emit(room, "q", { n: 1 });
    expect(await got).toEqual({ n: 1 });

    await request(server, a.as.admin, "PUT", `/users/${a.outsider.id}`, { queueIds: [] });
    const memberStillGets = nextEvent(member, "q");
    const after = collect(server, outsider, "q", memberStillGets);
    server.ctx.publisher.emit(room, "q", { n: 2 });
    expect(await memberStillGets).toEqual({ n: 2 });
    expect(await after).toEqual([]);
    expect(outsider.connected).toBe(true);
  });

  it("a promotion to admin joins the admins' room; a demotion leaves it", async () => {
    const a = await seedCompany(server);
    const socket = await socketFor(a.as.outsider.token);
    const room = rooms.admins(a.company.id);
    await request(server, a.as.admin, "PUT", `/users/${a.outsider.id}`, { profile: "admin" });
    expect(await inRoom(room, socket)).toBe(true);
    await request(server, a.as.admin, "PUT", `/users/${a.outsider.id}`, { profile: "user" });
    expect(await inRoom(room, socket)).toBe(false);
  });

  it("a password change by an admin disconnects the user's sockets", async () => {
    const a = await seedCompany(server);
    const socket = await socketFor(a.as.member.token);
    const closed = nextEvent<string>(socket, "disconnect");
    await request(server, a.as.admin, "PUT", `/users/${a.member.id}`, { password: "rotated-1" });
    expect(await closed).toBe("io server disconnect");
  });
});

describe("logout", () => {
  it("disconnects that session's sockets and no other user's", async () => {
    const a = await seedCompany(server);
    const mine = await socketFor(a.as.member.token);
    const colleague = await socketFor(a.as.outsider.token);
    const closed = nextEvent<string>(mine, "disconnect");
    const out = await server.app.inject({
      method: "POST",
      url: "/auth/logout",
      headers: { authorization: `Bearer ${a.as.member.token}`, cookie: a.as.member.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await closed).toBe("io server disconnect");
    // The server still reaches the colleague after it closed the session's sockets.
    await fence(server, colleague);
    expect(colleague.connected).toBe(true);
  });
});
