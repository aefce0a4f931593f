import { eq } from "drizzle-orm";
import { io as connectSocket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { instances, mailOutbox, passwordLinks, plans } from "../src/db/schema/index.js";
import { hashSecret } from "../src/modules/auth/tokens.js";
import { seedWithSuper } from "./admin-helpers.js";
import {
  createCompany,
  createConnection,
  createUser,
  DEFAULT_PASSWORD,
  login,
  request,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";
import { linkToken, startSmtp, type TestSmtp } from "./smtp.js";

/**
 * Secrets never travel or rest in clear text, and the headers and socket rules an attacker
 * probes: access emails carry a one-time link (never a password), the outbox shows no secret,
 * HSTS only over https, the agents' socket only for the app's own origins and only with the
 * token in the handshake's auth.
 */

const loginStatus = async (server: TestServer, email: string, password: string) =>
  (
    await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email, password },
    })
  ).statusCode;

const setPassword = (server: TestServer, token: string, password: string) =>
  server.app.inject({ method: "POST", url: "/auth/set-password", payload: { token, password } });

describe("access emails carry a one-time set-password link", () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let operator: Session;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ config: { SMTP_URL: smtp.url } });
    operator = (await seedWithSuper(server)).superSession;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  async function companyWithAdmin() {
    const company = await createCompany(server.db);
    const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
    return { company, admin };
  }
  const resend = (companyId: number) =>
    request(server, operator, "PATCH", `/companies/${companyId}/reset-password`);

  it("a new company's email has a link, not a password; only a hash of the token is stored", async () => {
    const [plan] = await server.db
      .insert(plans)
      .values({ name: `P ${uid()}` })
      .returning();
    const email = `nova-${uid()}@example.com`;
    const password = "operator-chosen-1";
    const res = await request(server, operator, "POST", "/companies", {
      name: "Nova",
      email,
      planId: plan!.id,
      password,
    });
    expect(res.statusCode).toBe(201);
    const mail = smtp.lastTo(email)!;
    expect(mail.text).not.toContain(password);
    expect(mail.text).not.toMatch(/Senha:/);
    const token = linkToken(mail.text);
    // The link points at the company's instance (this node's PUBLIC_URL when it has none).
    const base = res.json().instance?.address || server.config.PUBLIC_URL;
    expect(mail.text).toContain(`${base}/set-password#token=${token}`);
    const rows = await server.db.select().from(passwordLinks);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.some((r) => r.tokenHash === hashSecret(token))).toBe(true);
  });

  it("resending keeps the current password until the new link is used; the link works once", async () => {
    const { company, admin } = await companyWithAdmin();
    expect((await resend(company.id)).statusCode).toBe(200);
    const token = linkToken(smtp.lastTo(admin.email)?.text);
    expect(await loginStatus(server, admin.email, DEFAULT_PASSWORD)).toBe(200);

    expect((await setPassword(server, token, "mine-now-1")).statusCode).toBe(204);
    expect(await loginStatus(server, admin.email, DEFAULT_PASSWORD)).toBe(401);
    expect(await loginStatus(server, admin.email, "mine-now-1")).toBe(200);

    // Replaying the link (from the mailbox, a proxy log …) changes nothing.
    const replay = await setPassword(server, token, "attacker-1");
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe("ERR_PASSWORD_LINK_INVALID");
    expect(await loginStatus(server, admin.email, "attacker-1")).toBe(401);
  });

  it("a newer link supersedes the older one", async () => {
    const { company, admin } = await companyWithAdmin();
    await resend(company.id);
    const older = linkToken(smtp.lastTo(admin.email)?.text);
    await resend(company.id);
    const newer = linkToken(smtp.lastTo(admin.email)?.text);
    expect(newer).not.toBe(older);
    expect((await setPassword(server, older, "old-link-1")).json().error).toBe(
      "ERR_PASSWORD_LINK_INVALID",
    );
    expect((await setPassword(server, newer, "new-link-1")).statusCode).toBe(204);
  });

  it("an expired link is refused and changes nothing", async () => {
    const { company, admin } = await companyWithAdmin();
    await resend(company.id);
    const token = linkToken(smtp.lastTo(admin.email)?.text);
    await server.db
      .update(passwordLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordLinks.tokenHash, hashSecret(token)));
    const res = await setPassword(server, token, "too-late-1");
    expect(res.json().error).toBe("ERR_PASSWORD_LINK_INVALID");
    expect(await loginStatus(server, admin.email, DEFAULT_PASSWORD)).toBe(200);
  });

  it("guessed or malformed tokens are refused with the catalogue's codes", async () => {
    const guess = await setPassword(server, "A".repeat(43), "guess-1");
    expect(guess.statusCode).toBe(400);
    expect(guess.json().error).toBe("ERR_PASSWORD_LINK_INVALID");
    const short = await setPassword(server, "whatever", "1");
    expect(short.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { password: "Too Short!" },
    });
    const missing = await server.app.inject({
      method: "POST",
      url: "/auth/set-password",
      payload: { password: "12345" },
    });
    expect(missing.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { token: "Required" },
    });
  });
});

describe("a node without SMTP_URL nor PUBLIC_URL", () => {
  let server: TestServer;
  let operator: Session;
  beforeAll(async () => {
    server = await startTestServer({ listen: true });
    operator = (await seedWithSuper(server)).superSession;
  });
  afterAll(() => server.close());

  it("the access link is redacted; the stored body holds no token either", async () => {
    const company = await createCompany(server.db);
    const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
    const res = await request(server, operator, "PATCH", `/companies/${company.id}/reset-password`);
    expect(res.json()).toEqual({ delivery: "outbox", to: admin.email });
    const [mail] = (
      await request(server, operator, "GET", `/mail-outbox?companyId=${company.id}`)
    ).json();
    expect(mail.body).toContain("/set-password#token=[redacted]");
    const stored = await server.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.companyId, company.id));
    expect(stored.map((m) => m.body)).toEqual([mail.body]);
    // The link exists (a later SMTP resend would deliver a new one), and the password stands.
    const [link] = await server.db
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.userId, admin.id));
    expect(link).toBeDefined();
    expect(mail.body).not.toContain(link!.tokenHash);
    expect(await loginStatus(server, admin.email, DEFAULT_PASSWORD)).toBe(200);
  });

  it("sends no HSTS over plain http", async () => {
    const res = await server.app.inject({ method: "GET", url: "/health" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("admits a socket only from a page of the host it was opened on", async () => {
    const company = await createCompany(server.db);
    const user = await createUser(server.db, { companyId: company.id });
    const { token } = await login(server, user.email);
    const host = new URL(server.url).host;
    const attempt = (origin: string) =>
      new Promise<string>((resolve) => {
        const socket = connectSocket(server.url, {
          transports: ["websocket"],
          auth: { token },
          extraHeaders: { origin },
          reconnection: false,
          forceNew: true,
        });
        socket.once("connect", () => {
          socket.close();
          resolve("connected");
        });
        socket.once("connect_error", (err: Error & { data?: { error?: string } }) => {
          socket.close();
          resolve(err.data?.error ?? err.message);
        });
      });
    expect(await attempt(`http://${host}`)).toBe("connected");
    expect(await attempt("http://evil.example")).toBe("ERR_ORIGIN_NOT_ALLOWED");
  });
});

describe("the agents' socket: own origins only, token in auth only", () => {
  let server: TestServer;
  let session: Session;
  beforeAll(async () => {
    server = await startTestServer({
      listen: true,
      config: {
        PUBLIC_URL: "https://atrium.example.com",
        ALLOWED_ORIGINS: "https://desk.partner.example, http://localhost:5173",
      },
    });
    await server.db
      .insert(instances)
      .values({ name: "B", address: "https://node-b.example.com", nodeId: `b-${uid()}` });
    const company = await createCompany(server.db);
    const user = await createUser(server.db, { companyId: company.id });
    session = await login(server, user.email);
  });
  afterAll(() => server.close());

  /** "connected", or the code the handshake was refused with. */
  function handshake(opts: {
    origin?: string;
    auth?: Record<string, string>;
    query?: Record<string, string>;
    namespace?: string;
  }): Promise<string> {
    const socket = connectSocket(`${server.url}${opts.namespace ?? ""}`, {
      transports: ["websocket"],
      auth: opts.auth ?? { token: session.token },
      query: opts.query,
      extraHeaders: opts.origin ? { origin: opts.origin } : {},
      reconnection: false,
      forceNew: true,
    });
    return new Promise((resolve) => {
      socket.once("connect", () => {
        socket.close();
        resolve("connected");
      });
      socket.once("connect_error", (err: Error & { data?: { error?: string } }) => {
        socket.close();
        resolve(err.data?.error ?? err.message);
      });
    });
  }

  it("HSTS is sent once PUBLIC_URL is https", async () => {
    const res = await server.app.inject({ method: "GET", url: "/health" });
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  it("a page of another site is refused, even with a valid token", async () => {
    expect(await handshake({ origin: "https://evil.example" })).toBe("ERR_ORIGIN_NOT_ALLOWED");
    expect(await handshake({ origin: "https://atrium.example.com.evil.example" })).toBe(
      "ERR_ORIGIN_NOT_ALLOWED",
    );
    expect(await handshake({ origin: "http://atrium.example.com" })).toBe("ERR_ORIGIN_NOT_ALLOWED");
    expect(await handshake({ origin: "null" })).toBe("ERR_ORIGIN_NOT_ALLOWED");
  });

  it("the app's own origin, an instance's address and ALLOWED_ORIGINS are accepted", async () => {
    expect(await handshake({ origin: "https://atrium.example.com" })).toBe("connected");
    expect(await handshake({ origin: "https://node-b.example.com" })).toBe("connected");
    expect(await handshake({ origin: "https://desk.partner.example" })).toBe("connected");
    expect(await handshake({ origin: "http://localhost:5173" })).toBe("connected");
  });

  it("a token in the query string is not accepted", async () => {
    expect(
      await handshake({
        origin: "https://atrium.example.com",
        auth: {},
        query: { token: session.token },
      }),
    ).toBe("ERR_SESSION_EXPIRED");
  });

  it("the visitors' namespace stays open to any site", async () => {
    const company = await createCompany(server.db);
    const connection = await createConnection(server, company.id);
    const visitor = await server.app.inject({
      method: "POST",
      url: `/webchat/${connection.uuid}/session`,
      headers: { origin: "https://any-shop.example" },
      payload: { name: "Visitor" },
    });
    expect(visitor.statusCode).toBe(200);
    const result = await handshake({
      origin: "https://any-shop.example",
      namespace: "/webchat",
      auth: { token: visitor.json().token },
    });
    expect(result).toBe("connected");
  });
});
