import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultLimits } from "../src/app.js";
import { clientKey, LOGIN_GUARD_DEFAULTS, LoginGuard } from "../src/lib/attempts.js";
import {
  createCompany,
  createConnection,
  createUser,
  DEFAULT_PASSWORD,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

/**
 * Rate limits as an attacker meets them: real HTTP from real socket addresses (the loopback
 * network is 127.0.0.0/8, so a client can speak from 127.0.0.2, 127.0.0.3 …) with forged
 * X-Forwarded-For headers.
 */

interface Answer {
  status: number;
  body: { error?: string };
  retryAfter: number | undefined;
}

/** A JSON POST from `from` (a loopback address) with the given headers. */
function post(
  server: TestServer,
  path: string,
  body: unknown,
  opts: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const url = new URL(path, server.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        localAddress: opts.from ?? "127.0.0.1",
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...opts.headers,
        },
      },
      (res) => {
        let data = "";
        res.on("data", (chunk: Buffer) => (data += chunk.toString()));
        res.on("end", () => {
          const header = res.headers["retry-after"];
          resolve({
            status: res.statusCode ?? 0,
            body: data ? (JSON.parse(data) as Answer["body"]) : {},
            retryAfter: header === undefined ? undefined : Number(header),
          });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

const login = (
  server: TestServer,
  email: string,
  password: string,
  opts?: Parameters<typeof post>[3],
) => post(server, "/auth/login", { email, password }, opts);

let n = 0;
/** A new forged client address each call. */
const forged = () => `198.51.100.${(++n % 250) + 1}`;

async function freshUser(server: TestServer) {
  const company = await createCompany(server.db);
  return createUser(server.db, { companyId: company.id });
}

describe("TRUST_PROXY off (the default): the socket address is the client", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ listen: true, limits: { ...defaultLimits() } });
  });
  afterAll(() => server.close());

  it("the default leaves X-Forwarded-For alone", () => {
    expect(server.config.TRUST_PROXY).toBe(false);
  });

  it("rotating X-Forwarded-For does not escape the web-chat session limit (20 a minute)", async () => {
    const company = await createCompany(server.db);
    const connection = await createConnection(server, company.id);
    const statuses: number[] = [];
    let refused: Answer | undefined;
    for (let i = 0; i < 25; i++) {
      const res = await post(
        server,
        `/webchat/${connection.uuid}/session`,
        { name: `Visitor ${i}` },
        { from: "127.0.0.5", headers: { "x-forwarded-for": forged() } },
      );
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));
    expect(refused?.body.error).toBe("ERR_TOO_MANY_REQUESTS");
    expect(refused?.retryAfter).toBeGreaterThan(0);
    expect(refused?.retryAfter).toBeLessThanOrEqual(60);
    // Another visitor, from another address, still gets a session.
    const other = await post(
      server,
      `/webchat/${connection.uuid}/session`,
      { name: "Someone else" },
      { from: "127.0.0.6" },
    );
    expect(other.status).toBe(200);
  });
});

describe("anonymous auth endpoints: one budget per client address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ listen: true, loginPerIp: 3 });
  });
  afterAll(() => server.close());

  const routes: [string, () => object][] = [
    ["/auth/login", () => ({ email: `nobody-${uid()}@example.com`, password: "guess" })],
    ["/auth/refresh_token", () => ({})],
    [
      "/auth/signup",
      () => ({ name: "Mallory", email: `m-${uid()}@example.com`, password: "12345" }),
    ],
    ["/auth/set-password", () => ({ token: uid(), password: "12345" })],
  ];
  for (const [path, body] of routes) {
    it(`${path}: a new X-Forwarded-For per request is still one client`, async () => {
      const answers: Answer[] = [];
      for (let i = 0; i < 5; i++) {
        answers.push(
          await post(server, path, body(), {
            from: "127.0.0.7",
            headers: { "x-forwarded-for": forged() },
          }),
        );
      }
      expect(answers.slice(0, 3).every((a) => a.status !== 429)).toBe(true);
      expect(answers.slice(3).map((a) => a.status)).toEqual([429, 429]);
      expect(answers[3]!.body.error).toBe("ERR_TOO_MANY_REQUESTS");
      expect(answers[3]!.retryAfter).toBeGreaterThan(0);
    });
  }
});

describe("TRUST_PROXY naming the proxy: the address it reports counts", () => {
  let server: TestServer;
  beforeAll(async () => {
    // The test client connects from 127.0.0.1: it plays the reverse proxy.
    server = await startTestServer({
      listen: true,
      loginPerIp: 3,
      config: { TRUST_PROXY: "127.0.0.1" },
    });
  });
  afterAll(() => server.close());

  it("each client behind the proxy has its own budget", async () => {
    const email = `nobody-${uid()}@example.com`;
    const from = (client: string) => ({ headers: { "x-forwarded-for": client } });
    const first: number[] = [];
    for (let i = 0; i < 4; i++)
      first.push((await login(server, email, "x", from("203.0.113.1"))).status);
    expect(first).toEqual([401, 401, 401, 429]);
    expect((await login(server, email, "x", from("203.0.113.2"))).status).toBe(401);
  });

  it("a value the client forged in front of the proxy's entry changes nothing", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // The proxy appends the address it saw (203.0.113.9) to what the client sent.
      const chain = `${forged()}, 203.0.113.9`;
      const res = await login(server, `nobody-${uid()}@example.com`, "x", {
        headers: { "x-forwarded-for": chain },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("a peer that is not the proxy cannot speak for anyone", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await login(server, `nobody-${uid()}@example.com`, "x", {
        from: "127.0.0.8",
        headers: { "x-forwarded-for": forged() },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});

describe("TRUST_PROXY as a hop count", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ listen: true, loginPerIp: 2, config: { TRUST_PROXY: "1" } });
  });
  afterAll(() => server.close());

  it("the address one hop away is the client; what lies beyond it is ignored", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await login(server, `nobody-${uid()}@example.com`, "x", {
        headers: { "x-forwarded-for": `${forged()}, 203.0.113.20` },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 429]);
    const other = await login(server, `nobody-${uid()}@example.com`, "x", {
      headers: { "x-forwarded-for": "203.0.113.21" },
    });
    expect(other.status).toBe(401);
  });
});

describe("password guessing cannot lock the owner out", () => {
  let server: TestServer;
  const guard = { ...LOGIN_GUARD_DEFAULTS, maxPerClient: 4, freePerEmail: 6, stepMs: 50 };
  beforeAll(async () => {
    server = await startTestServer({
      listen: true,
      limits: { login: new LoginGuard({ ...guard, maxDelayMs: 200 }) },
    });
  });
  afterAll(() => server.close());

  it("an attacker hammering an e-mail locks only their own address, with Retry-After", async () => {
    const owner = await freshUser(server);
    const answers: Answer[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await login(server, owner.email, `guess-${i}`, { from: "127.0.0.2" }));
    }
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(answers[4]!.body.error).toBe("ERR_TOO_MANY_ATTEMPTS");
    expect(answers[4]!.retryAfter).toBeGreaterThan(0);
    expect(answers[4]!.retryAfter).toBeLessThanOrEqual(guard.windowMs / 1000);
    // Even the right password is refused from the attacker's address …
    const lucky = await login(server, owner.email, DEFAULT_PASSWORD, { from: "127.0.0.2" });
    expect(lucky.status).toBe(429);
    // … while the owner, from their own address, gets in.
    const real = await login(server, owner.email, DEFAULT_PASSWORD, { from: "127.0.0.1" });
    expect(real.status).toBe(200);
  });

  it("guesses from many addresses slow the account down, but its owner still gets in", async () => {
    const owner = await freshUser(server);
    for (const from of ["127.0.0.3", "127.0.0.4", "127.0.0.9"]) {
      for (let i = 0; i < 4; i++) {
        expect((await login(server, owner.email, `guess-${i}`, { from })).status).toBe(401);
      }
    }
    // 12 failures, 6 beyond the free ones: every attempt on this account is now held back.
    expect(server.ctx.limits.login.delayMs(owner.email)).toBe(200);
    const real = await login(server, owner.email, DEFAULT_PASSWORD, { from: "127.0.0.10" });
    expect(real.status).toBe(200);
    // Another account is not slowed by the attack on this one.
    expect(server.ctx.limits.login.delayMs(`other-${uid()}@example.com`)).toBe(0);
  });
});

describe("clientKey", () => {
  it("counts an IPv6 host by its /64 and an IPv4-mapped address as IPv4", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee"));
    expect(clientKey("2001:db8:1:2::1")).not.toBe(clientKey("2001:db8:1:3::1"));
    expect(clientKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});
