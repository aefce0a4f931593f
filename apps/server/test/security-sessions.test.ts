import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userSessions } from "../src/db/schema/index.js";
import { seedWithSuper } from "./admin-helpers.js";
import {
  collect,
  connect,
  createCompany,
  createUser,
  DEFAULT_PASSWORD,
  login,
  nextEvent,
  request,
  seedCompany,
  startTestServer,
  type Session,
  type TestServer,
} from "./harness.js";
import { io as connectSocket } from "socket.io-client";

/**
 * A socket of a dead session must stop at once: an attacker holding a copied access token, or
 * a browser left open elsewhere, keeps no live feed of the company after the session ends.
 * Real Socket.IO clients against a listening server, one test per way a session ends.
 */

let server: TestServer;
let operator: Session;
const open: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ listen: true });
  operator = (await seedWithSuper(server)).superSession;
});
afterAll(async () => {
  for (const socket of open) socket.close();
  await server?.close();
});

async function socketFor(token: string): Promise<Socket> {
  const socket = await connect(server, token);
  open.push(socket);
  return socket;
}

/** The reason the socket closes with; the server dropping it says "io server disconnect". */
const dropped = (socket: Socket) => nextEvent<string>(socket, "disconnect");

/**
 * Proves a socket is still up: a marker the server sends it now arrives (so whatever the server
 * did before reached it first) and nothing closed it meanwhile.
 */
async function stillConnected(socket: Socket): Promise<boolean> {
  const closes = await collect(server, socket, "disconnect", Promise.resolve());
  return closes.length === 0 && socket.connected;
}

/** The code a new handshake with `token` is refused with. */
function refusedWith(token: string): Promise<string> {
  const socket = connectSocket(server.url, {
    transports: ["websocket"],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("the dead session's token connected")));
    socket.once("connect_error", (err: Error & { data?: { error?: string } }) =>
      resolve(err.data?.error ?? err.message),
    );
  });
}

const refresh = (session: Session) =>
  server.app.inject({
    method: "POST",
    url: "/auth/refresh_token",
    headers: { cookie: session.cookie },
  });

describe("every way a session ends cuts its sockets", () => {
  it("a new login elsewhere: the old browser gets the notice, then its socket drops", async () => {
    const a = await seedCompany(server);
    const socket = await socketFor(a.as.member.token);
    const colleague = await socketFor(a.as.outsider.token);
    const seen: string[] = [];
    socket.onAny((event: string) => seen.push(event));
    const closed = dropped(socket);
    socket.on("disconnect", () => seen.push("disconnect"));

    const second = await login(server, a.member.email);
    expect(await closed).toBe("io server disconnect");
    expect(seen).toEqual([`company-${a.company.id}-auth`, "disconnect"]);
    expect(await refusedWith(a.as.member.token)).toBe("SM00014");
    // The new session connects; nobody else is touched.
    const fresh = await socketFor(second.token);
    expect(fresh.connected).toBe(true);
    expect(await stillConnected(colleague)).toBe(true);
  });

  it("logout", async () => {
    const a = await seedCompany(server);
    const socket = await socketFor(a.as.member.token);
    const closed = dropped(socket);
    const out = await server.app.inject({
      method: "POST",
      url: "/auth/logout",
      headers: { cookie: a.as.member.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await closed).toBe("io server disconnect");
    expect(await refusedWith(a.as.member.token)).toBe("ERR_SESSION_EXPIRED");
  });

  it("refresh-token reuse (a stolen cookie replayed)", async () => {
    const a = await seedCompany(server);
    const socket = await socketFor(a.as.member.token);
    const colleague = await socketFor(a.as.outsider.token);
    expect((await refresh(a.as.member)).statusCode).toBe(200);
    // Long after the rotation, the old cookie comes back: a replay.
    await server.db
      .update(userSessions)
      .set({ rotatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(userSessions.userId, a.member.id));
    const closed = dropped(socket);
    const replay = await refresh(a.as.member);
    expect(replay.json().error).toBe("ERR_SESSION_EXPIRED");
    expect(await closed).toBe("io server disconnect");
    expect(await stillConnected(colleague)).toBe(true);
  });

  it("a password changed by an admin; the admin's own socket stays", async () => {
    const a = await seedCompany(server);
    const socket = await socketFor(a.as.member.token);
    const admin = await socketFor(a.as.admin.token);
    const closed = dropped(socket);
    const res = await request(server, a.as.admin, "PUT", `/users/${a.member.id}`, {
      password: "changed-1",
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect(await refusedWith(a.as.member.token)).toBe("ERR_SESSION_EXPIRED");
    expect(await stillConnected(admin)).toBe(true);
  });

  it("a password set through an access link", async () => {
    const company = await createCompany(server.db);
    const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
    const session = await login(server, admin.email);
    const socket = await socketFor(session.token);
    const token = server.ctx.services.passwordLinks.newToken();
    await server.ctx.services.passwordLinks.store(server.db, admin.id, token);
    const closed = dropped(socket);
    const set = await server.app.inject({
      method: "POST",
      url: "/auth/set-password",
      payload: { token, password: "from-link-1" },
    });
    expect(set.statusCode).toBe(204);
    expect(await closed).toBe("io server disconnect");
    expect((await refresh(session)).json().error).toBe("ERR_SESSION_EXPIRED");
  });

  it("the user deleted", async () => {
    const a = await seedCompany(server);
    const socket = await socketFor(a.as.member.token);
    const closed = dropped(socket);
    const res = await request(server, a.as.admin, "DELETE", `/users/${a.member.id}`);
    expect(res.statusCode).toBe(204);
    expect(await closed).toBe("io server disconnect");
    expect(await refusedWith(a.as.member.token)).toBe("SM00011");
  });

  it("the company deactivated: its users drop, another company's stay", async () => {
    const a = await seedCompany(server);
    const b = await seedCompany(server);
    const member = await socketFor(a.as.member.token);
    const admin = await socketFor(a.as.admin.token);
    const stranger = await socketFor(b.as.member.token);
    const closed = Promise.all([dropped(member), dropped(admin)]);
    const res = await request(server, operator, "PUT", `/companies/${a.company.id}`, {
      status: false,
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toEqual(["io server disconnect", "io server disconnect"]);
    expect(await refusedWith(a.as.member.token)).toBe("SM00012");
    expect(await stillConnected(stranger)).toBe(true);
  });

  it("the company archived: sockets drop and it is treated as inactive", async () => {
    const a = await seedCompany(server);
    const b = await seedCompany(server);
    const member = await socketFor(a.as.member.token);
    const stranger = await socketFor(b.as.member.token);
    const closed = dropped(member);
    const res = await request(server, operator, "PATCH", `/companies/archived/${a.company.id}`, {
      archived: true,
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe("io server disconnect");
    expect(await stillConnected(stranger)).toBe(true);

    // No live token, no refresh, no new login, no new socket.
    const me = await request(server, a.as.admin, "GET", "/auth/me");
    expect(me.json().error).toBe("SM00012");
    expect((await refresh(a.as.outsider)).json().error).toBe("SM00012");
    const again = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: a.admin.email, password: DEFAULT_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe("SM00012");
    expect(await refusedWith(a.as.member.token)).toBe("SM00012");

    // Unarchived, the company works again.
    await request(server, operator, "PATCH", `/companies/archived/${a.company.id}`, {
      archived: false,
    });
    expect((await login(server, a.admin.email)).companyId).toBe(a.company.id);
  });

  it("a super user whose company is archived is never blocked", async () => {
    const home = await createCompany(server.db, { archived: true, archivedAt: new Date() });
    const root = await createUser(server.db, { companyId: home.id, profile: "admin", super: true });
    const session = await login(server, root.email);
    const socket = await socketFor(session.token);
    expect((await request(server, session, "GET", "/auth/me")).statusCode).toBe(200);
    expect(socket.connected).toBe(true);
  });
});
