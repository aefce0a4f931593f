import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCompany,
  createQueue,
  createUser,
  login,
  request,
  seedCompany,
  startTestServer,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** Text that would betray an unhandled error: stack frames, source paths. */
const STACK = /\bat .+\(|node_modules|\.ts:\d+|\.js:\d+/;

async function seedSuper() {
  const company = await createCompany(server.db);
  const user = await createUser(server.db, {
    companyId: company.id,
    profile: "admin",
    super: true,
  });
  return { company, user, session: await login(server, user.email) };
}

describe("error format", () => {
  it("an unknown route answers 404 ERR_NOT_FOUND, signed in or not", async () => {
    const seed = await seedCompany(server);
    for (const session of [null, seed.as.admin]) {
      const res = await request(server, session, "GET", "/no-such-route");
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "ERR_NOT_FOUND", message: expect.any(String) });
    }
    const post = await request(server, seed.as.admin, "POST", "/users/1/nothing", {});
    expect(post.statusCode).toBe(404);
    expect(post.json().error).toBe("ERR_NOT_FOUND");
  });

  it("a malformed JSON body answers 400 ERR_VALIDATION without a stack trace", async () => {
    const seed = await seedCompany(server);
    const responses = [
      await server.app.inject({
        method: "POST",
        url: "/auth/login",
        headers: { "content-type": "application/json" },
        payload: '{"email": "a@b.com", "password": ',
      }),
      await server.app.inject({
        method: "PUT",
        url: `/users/${seed.member.id}`,
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${seed.as.admin.token}`,
        },
        payload: "{name: 'unquoted'}",
      }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", message: expect.any(String) });
      expect(res.body).not.toMatch(STACK);
    }
  });

  it("a body of a type the API does not take answers 4xx in the error format", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "text/plain" },
      payload: "email=a@b.com",
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).toBe("ERR_VALIDATION");
  });

  it("a non-numeric id answers 400 ERR_VALIDATION", async () => {
    const seed = await seedCompany(server);
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await request(
        server,
        seed.as.admin,
        method,
        "/users/abc",
        method === "PUT" ? {} : undefined,
      );
      expect(res.statusCode, method).toBe(400);
      expect(res.json().error, method).toBe("ERR_VALIDATION");
      expect(res.body).not.toMatch(STACK);
    }
  });

  it("a malformed URL answers 400 in the error format", async () => {
    const res = await server.app.inject({ method: "GET", url: "/users/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "ERR_VALIDATION", message: expect.any(String) });
  });

  it("a body over the size limit answers 413 ERR_PAYLOAD_TOO_LARGE", async () => {
    const res = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.com", password: "x".repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");
  });
});

describe("settings", () => {
  it("anonymous gets 401", async () => {
    expect((await request(server, null, "GET", "/settings")).statusCode).toBe(401);
    expect(
      (await request(server, null, "PUT", "/settings/userRating", { value: "enabled" })).statusCode,
    ).toBe(401);
  });

  it("a user reads the company's settings but cannot change them", async () => {
    const seed = await seedCompany(server);
    const list = await request(server, seed.as.member, "GET", "/settings");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(expect.arrayContaining([{ key: "userRating", value: "disabled" }]));
    const res = await request(server, seed.as.member, "PUT", "/settings/userRating", {
      value: "enabled",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
    const one = await request(server, seed.as.member, "GET", "/settings/userRating");
    expect(one.json()).toEqual({ key: "userRating", value: "disabled" });
  });

  it("an admin's bad value for a known key answers 400 and changes nothing", async () => {
    const seed = await seedCompany(server);
    const res = await request(server, seed.as.admin, "PUT", "/settings/userCreation", {
      value: "maybe",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_VALIDATION");
    const one = await request(server, seed.as.admin, "GET", "/settings/userCreation");
    expect(one.json().value).toBe("disabled");
    const missing = await request(server, seed.as.admin, "PUT", "/settings/userCreation", {});
    expect(missing.statusCode).toBe(400);
  });

  it("an admin's good value is saved for their company only", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const res = await request(server, seed.as.admin, "PUT", "/settings/userCreation", {
      key: "userCreation",
      value: "enabled",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: "userCreation", value: "enabled" });
    const list = await request(server, seed.as.member, "GET", "/settings");
    expect(list.json()).toEqual(
      expect.arrayContaining([{ key: "userCreation", value: "enabled" }]),
    );
    const theirs = await request(server, other.as.admin, "GET", "/settings");
    expect(theirs.json()).toEqual(
      expect.arrayContaining([{ key: "userCreation", value: "disabled" }]),
    );
    // The setting takes effect: signup into this company now works, not into the other.
    const signup = (companyId: number) =>
      server.app.inject({
        method: "POST",
        url: "/auth/signup",
        payload: {
          name: "New Agent",
          email: `signup-${companyId}-${Date.now()}@example.com`,
          password: "12345",
          companyId,
        },
      });
    expect((await signup(seed.company.id)).statusCode).toBe(201);
    expect((await signup(other.company.id)).statusCode).toBe(403);
  });

  it("an unknown setting key answers ERR_NO_SETTING_FOUND", async () => {
    const seed = await seedCompany(server);
    const res = await request(server, seed.as.admin, "GET", "/settings/noSuchKey");
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("ERR_NO_SETTING_FOUND");
  });
});

describe("GET /companies/list", () => {
  it("is refused to admins and users", async () => {
    const seed = await seedCompany(server);
    for (const session of [seed.as.admin, seed.as.member]) {
      const res = await request(server, session, "GET", "/companies/list");
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("lists the non-archived companies to a super user", async () => {
    const root = await seedSuper();
    const active = await createCompany(server.db);
    const archived = await createCompany(server.db, { archived: true });
    const res = await request(server, root.session, "GET", "/companies/list");
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([root.company.id, active.id]));
    expect(ids).not.toContain(archived.id);
    expect(res.json().find((c: { id: number }) => c.id === active.id)).toEqual({
      id: active.id,
      name: active.name,
    });
  });
});

describe("GET /queue", () => {
  it("a user sees only their company's queues, whatever companyId they send", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const second = await createQueue(server.db, seed.company.id);
    for (const url of ["/queue", `/queue?companyId=${other.company.id}`]) {
      for (const session of [seed.as.member, seed.as.admin]) {
        const res = await request(server, session, "GET", url);
        expect(res.statusCode).toBe(200);
        expect(
          res
            .json()
            .map((q: { id: number }) => q.id)
            .sort(),
        ).toEqual([seed.queue.id, second.id].sort());
      }
    }
  });

  it("a super user may name another company", async () => {
    const root = await seedSuper();
    const other = await seedCompany(server);
    const res = await request(server, root.session, "GET", `/queue?companyId=${other.company.id}`);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: other.queue.id, companyId: other.company.id }),
    ]);
    const own = await request(server, root.session, "GET", "/queue");
    expect(own.json()).toEqual([]);
  });

  it("anonymous gets 401", async () => {
    expect((await request(server, null, "GET", "/queue")).json().error).toBe("ERR_SESSION_EXPIRED");
  });
});

describe("the web app served with the API", () => {
  let web: TestServer;
  let root: string;
  beforeAll(async () => {
    const base = mkdtempSync(path.join(tmpdir(), "atrium-web-"));
    root = path.join(base, "dist");
    mkdirSync(path.join(root, "assets"), { recursive: true });
    writeFileSync(path.join(root, "index.html"), "<!doctype html><title>Atrium SPA</title>");
    writeFileSync(path.join(root, "assets", "app.js"), "console.log('atrium');");
    writeFileSync(path.join(base, "secret.txt"), "not for the web");
    web = await startTestServer({ webDist: root });
  });
  afterAll(async () => web?.close());

  it("a browser navigation to an app route gets index.html", async () => {
    for (const url of ["/", "/users", "/tickets/abc-123", "/login?next=%2Fusers"]) {
      const res = await web.app.inject({
        method: "GET",
        url,
        headers: { accept: "text/html,application/xhtml+xml" },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/text\/html/);
      expect(res.body, url).toContain("Atrium SPA");
      // A new deploy must reach browsers: the page is revalidated, the hashed assets are not.
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("the API call on the same path gets JSON", async () => {
    const anon = await web.app.inject({
      method: "GET",
      url: "/users/",
      headers: { accept: "application/json" },
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error).toBe("ERR_SESSION_EXPIRED");
    const seed = await seedCompany(web);
    const signed = await request(web, seed.as.admin, "GET", "/users/");
    expect(signed.statusCode).toBe(200);
    expect(signed.json().users).toHaveLength(3);
  });

  it("serves the built assets, with long caching", async () => {
    const res = await web.app.inject({ method: "GET", url: "/assets/app.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("console.log('atrium');");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toContain("immutable");
  });

  it("a missing asset is a JSON 404, not index.html", async () => {
    const res = await web.app.inject({ method: "GET", url: "/assets/missing.js" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("ERR_NOT_FOUND");
  });

  it("files outside the web folder are not served", async () => {
    for (const url of ["/../secret.txt", "/..%2fsecret.txt", "/assets/..%2f..%2fsecret.txt"]) {
      const res = await web.app.inject({ method: "GET", url });
      expect(res.body, url).not.toContain("not for the web");
    }
  });

  it("/health is public", async () => {
    const res = await web.app.inject({
      method: "GET",
      url: "/health",
      headers: { accept: "application/json" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });
});
