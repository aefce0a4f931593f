import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, userSessions, users } from "../src/db/schema/index.js";
import {
  connect,
  createCompany,
  createUser,
  DEFAULT_PASSWORD,
  login,
  nextEvent,
  request,
  setSetting,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => server?.close());

async function freshUser(profile: "admin" | "user" = "user") {
  const company = await createCompany(server.db);
  const user = await createUser(server.db, { companyId: company.id, profile });
  return { company, user };
}

describe("POST /auth/login", () => {
  it("answers token, uuid and the user with company instance address and settings", async () => {
    const { company, user } = await freshUser("admin");
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ey/);
    expect(body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.user).toMatchObject({
      id: user.id,
      companyId: company.id,
      profile: "admin",
      super: false,
      queues: [],
    });
    expect(body.user.company.settings).toEqual(
      expect.arrayContaining([{ key: "userCreation", value: "disabled" }]),
    );
    expect(res.body).not.toMatch(/passwordHash|argon2/);
    const cookie = res.cookies.find((c) => c.name === "jrt");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe("/auth");
  });

  it("returns the company's instance address", async () => {
    const { instances } = await import("../src/db/schema/index.js");
    const [instance] = await server.db
      .insert(instances)
      .values({ name: "node-b", address: "https://b.example.com", nodeId: `node-${uid()}` })
      .returning();
    const company = await createCompany(server.db, { instanceId: instance!.id });
    const user = await createUser(server.db, { companyId: company.id });
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(res.json().user.company.instance.address).toBe("https://b.example.com");
  });

  it("refuses a wrong password and an unknown email alike", async () => {
    const { user } = await freshUser();
    for (const payload of [
      { email: user.email, password: "wrong-password" },
      { email: `nobody-${uid()}@example.com`, password: DEFAULT_PASSWORD },
    ]) {
      const res = await server.app.inject({ method: "POST", url: "/auth/login", payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: "ERR_INVALID_CREDENTIALS" });
    }
  });

  it("validates the body with the spec's messages", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: "not-an-email", password: "" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { email: "Invalid email", password: "Required" },
    });
  });

  it("refuses an address after repeated failures for an email, even with the right password", async () => {
    const { user } = await freshUser();
    for (let i = 0; i < 5; i++) {
      await server.app.inject({
        method: "POST",
        url: "/auth/login",
        payload: { email: user.email, password: "bad-guess" },
      });
    }
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe("ERR_TOO_MANY_ATTEMPTS");
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("rate-limits login attempts per IP", async () => {
    const limited = await startTestServer({ loginPerIp: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({
          method: "POST",
          url: "/auth/login",
          payload: { email: `x${i}@example.com`, password: "whatever" },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it("refuses users of an inactive company with a session-lost code", async () => {
    const company = await createCompany(server.db, { status: false });
    const user = await createUser(server.db, { companyId: company.id });
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("SM00012");
  });
});

describe("access and refresh tokens", () => {
  it("GET /auth/me answers the current user; no token → ERR_SESSION_EXPIRED", async () => {
    const { user } = await freshUser();
    const session = await login(server, user.email);
    const me = await request(server, session, "GET", "/auth/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
    const anon = await request(server, null, "GET", "/auth/me");
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toBe("ERR_SESSION_EXPIRED");
  });

  it("a token accepted a moment ago is refused once it expires (verified tokens are kept only until then)", async () => {
    const { user } = await freshUser();
    await login(server, user.email);
    const [row] = await server.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, user.id));
    const token = server.app.jwt.sign(
      { sub: user.id, sid: row!.id, typ: "access" },
      // Signed as if long ago: it has 1.5 s left to live.
      { clockTimestamp: Date.now() - server.config.ACCESS_TOKEN_TTL * 1000 + 1500 },
    );
    const me = () =>
      server.app.inject({
        method: "GET",
        url: "/auth/me",
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    const late = await me();
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe("ERR_TOKEN_EXPIRED");
  });

  it("an expired access token answers ERR_TOKEN_EXPIRED; the refresh cookie gives a new one", async () => {
    const { user } = await freshUser();
    const session = await login(server, user.email);
    const [row] = await server.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.userId, user.id));
    const expired = server.app.jwt.sign(
      { sub: user.id, sid: row!.id, typ: "access" },
      { clockTimestamp: Date.now() - 3_600_000 },
    );
    const res = await server.app.inject({
      method: "GET",
      url: "/auth/me",
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("ERR_TOKEN_EXPIRED");

    const refreshed = await server.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      headers: { cookie: session.cookie },
    });
    expect(refreshed.statusCode).toBe(200);
    const newToken = refreshed.json().token;
    const rotated = refreshed.cookies.find((c) => c.name === "jrt");
    expect(rotated?.value).toBeTruthy();
    expect(`jrt=${rotated?.value}`).not.toBe(session.cookie);
    const me = await server.app.inject({
      method: "GET",
      url: "/auth/me",
      headers: { authorization: `Bearer ${newToken}` },
    });
    expect(me.json().id).toBe(user.id);
  });

  it("a forged token is refused", async () => {
    const res = await server.app.inject({
      method: "GET",
      url: "/auth/me",
      headers: { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.forged" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("ERR_SESSION_EXPIRED");
  });

  it("reusing a rotated refresh cookie after the grace period ends the session", async () => {
    const { user } = await freshUser();
    const session = await login(server, user.email);
    const first = await server.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      headers: { cookie: session.cookie },
    });
    expect(first.statusCode).toBe(200);
    // A second tab refreshing at the same moment with the old cookie is still accepted.
    const parallel = await server.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      headers: { cookie: session.cookie },
    });
    expect(parallel.statusCode).toBe(200);
    // Long after the rotation, the old secret is a replay: the whole session ends.
    await server.db
      .update(userSessions)
      .set({ rotatedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(userSessions.userId, user.id));
    const replay = await server.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      headers: { cookie: session.cookie },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toBe("ERR_SESSION_EXPIRED");
    const fresh = `jrt=${first.cookies.find((c) => c.name === "jrt")?.value}`;
    const afterRevoke = await server.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      headers: { cookie: fresh },
    });
    expect(afterRevoke.statusCode).toBe(401);
  });

  it("refresh without a cookie is a lost session", async () => {
    const res = await server.app.inject({ method: "POST", url: "/auth/refresh_token" });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("ERR_SESSION_EXPIRED");
  });

  it("a deleted user's token answers SM00011", async () => {
    const { user } = await freshUser();
    const session = await login(server, user.email);
    await server.db.delete(users).where(eq(users.id, user.id));
    const res = await request(server, session, "GET", "/auth/me");
    expect(res.json().error).toBe("SM00011");
  });

  it("deactivating the company ends its sessions with SM00012", async () => {
    const { company, user } = await freshUser();
    const session = await login(server, user.email);
    await server.db.update(companies).set({ status: false }).where(eq(companies.id, company.id));
    const res = await request(server, session, "GET", "/auth/me");
    expect(res.json().error).toBe("SM00012");
  });
});

describe("POST /auth/logout", () => {
  it("revokes the refresh token and the access token's session", async () => {
    const { user } = await freshUser();
    const session = await login(server, user.email);
    const out = await server.app.inject({
      method: "POST",
      url: "/auth/logout",
      headers: { authorization: `Bearer ${session.token}`, cookie: session.cookie },
    });
    expect(out.statusCode).toBe(204);
    const refresh = await server.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      headers: { cookie: session.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await request(server, session, "GET", "/auth/me");
    expect(me.json().error).toBe("ERR_SESSION_EXPIRED");
  });
});

describe("a second login of the same user", () => {
  it("gives a new uuid, tells the first browser, and ends its session with SM00014", async () => {
    const { company, user } = await freshUser();
    const first = await login(server, user.email);
    const socket = await connect(server, first.token);
    try {
      const event = nextEvent<{ action: string; user: { id: number }; uuid: string }>(
        socket,
        `company-${company.id}-auth`,
      );
      const second = await login(server, user.email);
      expect(second.uuid).not.toBe(first.uuid);
      expect(await event).toEqual({ action: "update", user: { id: user.id }, uuid: second.uuid });

      const old = await request(server, first, "GET", "/auth/me");
      expect(old.statusCode).toBe(401);
      expect(old.json().error).toBe("SM00014");
      const oldRefresh = await server.app.inject({
        method: "POST",
        url: "/auth/refresh_token",
        headers: { cookie: first.cookie },
      });
      expect(oldRefresh.json().error).toBe("SM00014");
      const current = await request(server, second, "GET", "/auth/me");
      expect(current.statusCode).toBe(200);
    } finally {
      socket.close();
    }
  });
});

describe("POST /auth/signup", () => {
  const payload = (companyId?: number) => ({
    name: "Maria Silva",
    email: `maria-${uid()}@example.com`,
    password: "12345",
    token: "",
    ...(companyId && { companyId }),
  });

  it("without a companyId answers 'Empresa não identificada!'", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/signup",
      payload: payload(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "ERR_COMPANY_NOT_IDENTIFIED",
      message: "Empresa não identificada!",
    });
  });

  it("is refused while the company's userCreation setting is disabled", async () => {
    const company = await createCompany(server.db);
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/signup",
      payload: payload(company.id),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_USER_CREATION_DISABLED");
  });

  it("creates an agent (profile user) who can log in, when enabled", async () => {
    const company = await createCompany(server.db);
    await setSetting(server.db, company.id, "userCreation", "enabled");
    const body = payload(company.id);
    const res = await server.app.inject({ method: "POST", url: "/auth/signup", payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: body.email, profile: "user", companyId: company.id });
    const session = await login(server, body.email, body.password);
    expect(session.companyId).toBe(company.id);

    const again = await server.app.inject({ method: "POST", url: "/auth/signup", payload: body });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  it("validates name, email and password with the spec's messages", async () => {
    const company = await createCompany(server.db);
    await setSetting(server.db, company.id, "userCreation", "enabled");
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/signup",
      payload: { name: "M", email: "bad", password: "123", companyId: company.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: "Too Short!",
      email: "Invalid email",
      password: "Too Short!",
    });
    const long = await server.app.inject({
      method: "POST",
      url: "/auth/signup",
      payload: { name: "x".repeat(51), email: "", password: "x".repeat(51), companyId: company.id },
    });
    expect(long.json().fields).toEqual({
      name: "Too Long!",
      email: "Required",
      password: "Too Long!",
    });
  });
});
