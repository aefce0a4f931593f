import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "@atrium/shared";
import { users } from "../src/db/schema/index.js";
import {
  collect,
  eventWhere,
  connect,
  createCompany,
  createQueue,
  createUser,
  DEFAULT_PASSWORD,
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

const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  name: `New ${uid()}`,
  email: `new-${uid()}-${uid()}@example.com`,
  password: "pass12345",
  ...overrides,
});

/** A super user (the platform operator) in a company of its own, logged in. */
async function seedSuper() {
  const company = await createCompany(server.db);
  const user = await createUser(server.db, {
    companyId: company.id,
    profile: "admin",
    super: true,
  });
  return { company, user, session: await login(server, user.email) };
}

async function loginWorks(email: string, password: string): Promise<boolean> {
  const res = await server.app.inject({
    method: "POST",
    url: "/auth/login",
    payload: { email, password },
  });
  return res.statusCode === 200;
}

describe("anonymous", () => {
  it("every users endpoint answers 401 ERR_SESSION_EXPIRED", async () => {
    const { member } = await seedCompany(server);
    const calls: [Parameters<typeof request>[2], string, unknown?][] = [
      ["GET", "/users/?searchParam=&pageNumber=1"],
      ["GET", "/users/list"],
      ["GET", `/users/${member.id}`],
      ["POST", "/users", newUserBody()],
      ["PUT", `/users/${member.id}`, { name: "Hacked" }],
      ["DELETE", `/users/${member.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await request(server, null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error, `${method} ${url}`).toBe("ERR_SESSION_EXPIRED");
    }
    const [still] = await server.db.select().from(users).where(eq(users.id, member.id));
    expect(still?.name).toBe(member.name);
  });
});

describe("user (agent profile)", () => {
  it("lists and searches the users of their own company only", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const res = await request(server, seed.as.member, "GET", "/users/?searchParam=&pageNumber=1");
    expect(res.statusCode).toBe(200);
    const ids = res.json().users.map((u: { id: number }) => u.id);
    expect(ids.sort()).toEqual([seed.admin.id, seed.member.id, seed.outsider.id].sort());
    expect(res.json()).toMatchObject({ count: 3, hasMore: false });

    const search = await request(
      server,
      seed.as.member,
      "GET",
      `/users/?searchParam=${other.member.name}`,
    );
    expect(search.json().users).toEqual([]);

    const list = await request(server, seed.as.member, "GET", "/users/list");
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual(ids.sort());
  });

  it("cannot list another company's users by naming its companyId", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const res = await request(
      server,
      seed.as.member,
      "GET",
      `/users/list?companyId=${other.company.id}`,
    );
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((u: { id: number }) => u.id);
    expect(ids).toContain(seed.member.id);
    expect(ids).not.toContain(other.member.id);
  });

  it("reads a colleague, with queues and without any password", async () => {
    const seed = await seedCompany(server);
    const res = await request(server, seed.as.outsider, "GET", `/users/${seed.member.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: seed.member.id,
      email: seed.member.email,
      profile: "user",
      companyId: seed.company.id,
      queueIds: [seed.queue.id],
      queues: [{ id: seed.queue.id, name: seed.queue.name, color: seed.queue.color }],
    });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it("gets 404 ERR_NO_USER_FOUND for a user of another company", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const res = await request(server, seed.as.member, "GET", `/users/${other.member.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("ERR_NO_USER_FOUND");
    expect(res.body).not.toContain(other.member.email);
  });

  it("cannot create, edit a colleague or delete", async () => {
    const seed = await seedCompany(server);
    const body = newUserBody();
    const created = await request(server, seed.as.member, "POST", "/users", body);
    expect(created.statusCode).toBe(403);
    expect(created.json().error).toBe("ERR_NO_PERMISSION");
    expect(await loginWorks(body.email, body.password)).toBe(false);

    const edit = await request(server, seed.as.member, "PUT", `/users/${seed.outsider.id}`, {
      name: "Renamed",
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toBe("ERR_NO_PERMISSION");

    for (const id of [seed.outsider.id, seed.member.id]) {
      const del = await request(server, seed.as.member, "DELETE", `/users/${id}`);
      expect(del.statusCode).toBe(403);
      expect(del.json().error).toBe("ERR_NO_PERMISSION");
    }
    const names = (await request(server, seed.as.admin, "GET", "/users/list")).json();
    expect(names).toHaveLength(3);
    expect(names.map((u: { name: string }) => u.name)).not.toContain("Renamed");
  });

  it("edits their own name, email and password; profile, queues and permissions they send are ignored", async () => {
    const seed = await seedCompany(server);
    const otherQueue = await createQueue(server.db, seed.company.id);
    const email = `me-${uid()}@example.com`;
    const res = await request(server, seed.as.member, "PUT", `/users/${seed.member.id}`, {
      name: "Myself Renamed",
      email: email.toUpperCase(),
      password: "new-pass-1",
      profile: "admin",
      queueIds: [otherQueue.id],
      allowFinishTicketWithoutMessage: true,
      super: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Myself Renamed",
      email,
      profile: "user",
      super: false,
      queueIds: [seed.queue.id],
      allowFinishTicketWithoutMessage: false,
    });
    expect(res.body).not.toMatch(/password|argon2/i);
    // The session that changed the password stays; the new password works, the old one not.
    expect((await request(server, seed.as.member, "GET", "/auth/me")).statusCode).toBe(200);
    expect(await loginWorks(email, DEFAULT_PASSWORD)).toBe(false);
    expect(await loginWorks(email, "new-pass-1")).toBe(true);
  });

  it("cannot grant themselves support access to another company", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const res = await request(server, seed.as.member, "PUT", `/users/${seed.member.id}`, {
      selectedCompanyId: other.company.id,
    });
    expect(res.statusCode).toBe(403);
    const list = await request(server, seed.as.member, "GET", "/users/");
    expect(list.json().users.map((u: { id: number }) => u.id)).not.toContain(other.member.id);
  });
});

describe("admin", () => {
  it("creates a user in their company with profile and queues; the user can log in", async () => {
    const seed = await seedCompany(server);
    const body = newUserBody({
      profile: "admin",
      queueIds: [seed.queue.id],
      allowFinishTicketWithoutMessage: true,
    });
    const res = await request(server, seed.as.admin, "POST", "/users", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: body.name,
      email: body.email,
      profile: "admin",
      super: false,
      companyId: seed.company.id,
      queueIds: [seed.queue.id],
      allowFinishTicketWithoutMessage: true,
      allowChangeSignature: true,
    });
    expect(res.body).not.toMatch(/password|argon2/i);
    const session = await login(server, body.email, body.password);
    expect(session.companyId).toBe(seed.company.id);
  });

  it("creates with the spec's defaults: profile user, no queues", async () => {
    const seed = await seedCompany(server);
    const res = await request(server, seed.as.admin, "POST", "/users", newUserBody());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      profile: "user",
      queueIds: [],
      allowFinishTicketWithoutMessage: false,
      allowChangeSignature: true,
    });
  });

  it("the companyId in the body is ignored: the user is created in the admin's company", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const body = newUserBody({ companyId: other.company.id });
    const res = await request(server, seed.as.admin, "POST", "/users", body);
    expect(res.statusCode).toBe(201);
    expect(res.json().companyId).toBe(seed.company.id);
    const theirs = await request(
      server,
      other.as.admin,
      "GET",
      `/users/?searchParam=${body.email}`,
    );
    expect(theirs.json().users).toEqual([]);
  });

  it("cannot make a super user, on create or on edit", async () => {
    const seed = await seedCompany(server);
    const created = await request(
      server,
      seed.as.admin,
      "POST",
      "/users",
      newUserBody({ super: true }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().super).toBe(false);
    const edited = await request(server, seed.as.admin, "PUT", `/users/${seed.member.id}`, {
      super: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().super).toBe(false);
    const self = await request(server, seed.as.admin, "PUT", `/users/${seed.admin.id}`, {
      super: true,
    });
    expect(self.json().super).toBe(false);
  });

  it("cannot give support access to another company", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const body = newUserBody({ selectedCompanyId: other.company.id });
    const res = await request(server, seed.as.admin, "POST", "/users", body);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
    expect(await loginWorks(body.email, body.password)).toBe(false);
  });

  it("assigns and replaces queues through queueIds", async () => {
    const seed = await seedCompany(server);
    const second = await createQueue(server.db, seed.company.id);
    const both = await request(server, seed.as.admin, "PUT", `/users/${seed.outsider.id}`, {
      queueIds: [seed.queue.id, second.id],
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().queueIds.sort()).toEqual([seed.queue.id, second.id].sort());
    const one = await request(server, seed.as.admin, "PUT", `/users/${seed.outsider.id}`, {
      queueIds: [second.id],
    });
    expect(one.json().queueIds).toEqual([second.id]);
    const read = await request(server, seed.as.admin, "GET", `/users/${seed.outsider.id}`);
    expect(read.json().queueIds).toEqual([second.id]);
  });

  it("an edit changes only the fields sent: profile, queues and permissions stay", async () => {
    const seed = await seedCompany(server);
    const colleague = await createUser(server.db, {
      companyId: seed.company.id,
      profile: "admin",
      queueIds: [seed.queue.id],
    });
    await server.db
      .update(users)
      .set({ allowFinishTicketWithoutMessage: true, allowChangeSignature: false })
      .where(eq(users.id, colleague.id));
    const res = await request(server, seed.as.admin, "PUT", `/users/${colleague.id}`, {
      name: "Only The Name",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: "Only The Name",
      profile: "admin",
      queueIds: [seed.queue.id],
      allowFinishTicketWithoutMessage: true,
      allowChangeSignature: false,
    });
    // Renaming oneself does not demote the admin either.
    const self = await request(server, seed.as.admin, "PUT", `/users/${seed.admin.id}`, {
      name: "Admin Renamed",
    });
    expect(self.json().profile).toBe("admin");
    expect((await request(server, seed.as.admin, "POST", "/users", newUserBody())).statusCode).toBe(
      201,
    );
  });

  it("changes a colleague's profile and permissions", async () => {
    const seed = await seedCompany(server);
    const res = await request(server, seed.as.admin, "PUT", `/users/${seed.member.id}`, {
      profile: "admin",
      allowFinishTicketWithoutMessage: true,
    });
    expect(res.json()).toMatchObject({ profile: "admin", allowFinishTicketWithoutMessage: true });
    // The promoted user now manages users.
    const created = await request(server, seed.as.member, "POST", "/users", newUserBody());
    expect(created.statusCode).toBe(201);
  });

  it("a queue of another company is refused with an error code and nothing is saved", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const body = newUserBody({ queueIds: [other.queue.id] });
    const created = await request(server, seed.as.admin, "POST", "/users", body);
    expect(created.statusCode).toBeGreaterThanOrEqual(400);
    expect(created.statusCode).toBeLessThan(500);
    expect(created.json().error).toBe("ERR_NO_QUEUE_FOUND");
    expect(await loginWorks(body.email, body.password)).toBe(false);

    const edited = await request(server, seed.as.admin, "PUT", `/users/${seed.member.id}`, {
      name: "Should Not Stick",
      queueIds: [other.queue.id],
    });
    expect(edited.statusCode).toBeLessThan(500);
    expect(edited.json().error).toBe("ERR_NO_QUEUE_FOUND");
    const read = await request(server, seed.as.admin, "GET", `/users/${seed.member.id}`);
    expect(read.json()).toMatchObject({ name: seed.member.name, queueIds: [seed.queue.id] });
    const otherMembers = await request(server, other.as.admin, "GET", `/users/${other.member.id}`);
    expect(otherMembers.json().queueIds).toEqual([other.queue.id]);
  });

  it("deletes a colleague, who can no longer log in", async () => {
    const seed = await seedCompany(server);
    const res = await request(server, seed.as.admin, "DELETE", `/users/${seed.outsider.id}`);
    expect(res.statusCode).toBe(204);
    expect(
      (await request(server, seed.as.admin, "GET", `/users/${seed.outsider.id}`)).statusCode,
    ).toBe(404);
    expect(await loginWorks(seed.outsider.email, DEFAULT_PASSWORD)).toBe(false);
    const stale = await request(server, seed.as.outsider, "GET", "/auth/me");
    expect(stale.statusCode).toBe(401);
  });

  it("cannot delete themselves", async () => {
    const seed = await seedCompany(server);
    const res = await request(server, seed.as.admin, "DELETE", `/users/${seed.admin.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
    expect((await request(server, seed.as.admin, "GET", "/auth/me")).statusCode).toBe(200);
  });

  it("cannot edit or delete a super user of their company", async () => {
    const seed = await seedCompany(server);
    const operator = await createUser(server.db, {
      companyId: seed.company.id,
      profile: "admin",
      super: true,
    });
    const edit = await request(server, seed.as.admin, "PUT", `/users/${operator.id}`, {
      password: "taken-over",
      email: `evil-${uid()}@example.com`,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toBe("ERR_NO_PERMISSION");
    const del = await request(server, seed.as.admin, "DELETE", `/users/${operator.id}`);
    expect(del.statusCode).toBe(403);
    expect(await loginWorks(operator.email, DEFAULT_PASSWORD)).toBe(true);
  });

  it("gets 404 for another company's user on GET, PUT and DELETE, which stays unchanged", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    for (const [method, payload] of [
      ["GET", undefined],
      ["PUT", { name: "Hijacked", password: "hijacked1" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await request(
        server,
        seed.as.admin,
        method,
        `/users/${other.member.id}`,
        payload,
      );
      expect(res.statusCode, method).toBe(404);
      expect(res.json().error, method).toBe("ERR_NO_USER_FOUND");
    }
    const read = await request(server, other.as.admin, "GET", `/users/${other.member.id}`);
    expect(read.json().name).toBe(other.member.name);
    expect(await loginWorks(other.member.email, DEFAULT_PASSWORD)).toBe(true);
  });

  it("a duplicate email answers 409 ERR_EMAIL_ALREADY_EXISTS, on create and on edit, whatever the case", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const created = await request(
      server,
      seed.as.admin,
      "POST",
      "/users",
      newUserBody({
        email: other.member.email.toUpperCase(),
      }),
    );
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({
      error: "ERR_EMAIL_ALREADY_EXISTS",
      message: "An user with this email already exists",
    });
    const edited = await request(server, seed.as.admin, "PUT", `/users/${seed.member.id}`, {
      email: seed.outsider.email,
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  it("validates with the spec's messages", async () => {
    const seed = await seedCompany(server);
    const empty = await request(server, seed.as.admin, "POST", "/users", {
      name: "",
      email: "",
      password: "",
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { name: "Required", email: "Required", password: "Too Short!" },
    });
    const missing = await request(server, seed.as.admin, "POST", "/users", {});
    expect(missing.json().fields).toMatchObject({
      name: "Required",
      email: "Required",
      password: "Required",
    });
    const short = await request(server, seed.as.admin, "POST", "/users", {
      name: "A",
      email: "bad",
      password: "1234",
    });
    expect(short.json().fields).toEqual({
      name: "Too Short!",
      email: "Invalid email",
      password: "Too Short!",
    });
    const long = await request(server, seed.as.admin, "POST", "/users", {
      name: "x".repeat(51),
      email: "ok@example.com",
      password: "y".repeat(51),
    });
    expect(long.json().fields).toEqual({ name: "Too Long!", password: "Too Long!" });
    const badEdit = await request(server, seed.as.admin, "PUT", `/users/${seed.member.id}`, {
      name: "B",
      email: "nope",
      password: "123",
    });
    expect(badEdit.statusCode).toBe(400);
    expect(badEdit.json().fields).toEqual({
      name: "Too Short!",
      email: "Invalid email",
      password: "Too Short!",
    });
    // An empty password on edit means "unchanged".
    const keep = await request(server, seed.as.admin, "PUT", `/users/${seed.member.id}`, {
      password: "",
    });
    expect(keep.statusCode).toBe(200);
    expect(await loginWorks(seed.member.email, DEFAULT_PASSWORD)).toBe(true);
  });

  it("changing a user's password ends that user's sessions", async () => {
    const seed = await seedCompany(server);
    const res = await request(server, seed.as.admin, "PUT", `/users/${seed.member.id}`, {
      password: "brand-new-1",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/password|argon2/i);
    const me = await request(server, seed.as.member, "GET", "/auth/me");
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toBe("ERR_SESSION_EXPIRED");
    const refresh = await server.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      headers: { cookie: seed.as.member.cookie },
    });
    expect(refresh.statusCode).toBe(401);
    // The admin's own session is untouched.
    expect((await request(server, seed.as.admin, "GET", "/auth/me")).statusCode).toBe(200);
    expect(await loginWorks(seed.member.email, "brand-new-1")).toBe(true);
  });

  it("a name-only edit does not end the user's session", async () => {
    const seed = await seedCompany(server);
    await request(server, seed.as.admin, "PUT", `/users/${seed.member.id}`, {
      name: "Just Renamed",
    });
    expect((await request(server, seed.as.member, "GET", "/auth/me")).json().name).toBe(
      "Just Renamed",
    );
  });
});

describe("super user", () => {
  it("creates a user in another company via companyId, with that company's queues", async () => {
    const root = await seedSuper();
    const other = await seedCompany(server);
    const body = newUserBody({
      companyId: other.company.id,
      queueIds: [other.queue.id],
      profile: "admin",
    });
    const res = await request(server, root.session, "POST", "/users", body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      companyId: other.company.id,
      queueIds: [other.queue.id],
      profile: "admin",
    });
    const seen = await request(server, other.as.admin, "GET", `/users/${res.json().id}`);
    expect(seen.statusCode).toBe(200);
  });

  it("creating in a company that does not exist answers ERR_NO_COMPANY_FOUND", async () => {
    const root = await seedSuper();
    const res = await request(
      server,
      root.session,
      "POST",
      "/users",
      newUserBody({ companyId: 2_000_000_000 }),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("ERR_NO_COMPANY_FOUND");
  });

  it("lists another company's users via /users/list?companyId", async () => {
    const root = await seedSuper();
    const other = await seedCompany(server);
    const res = await request(
      server,
      root.session,
      "GET",
      `/users/list?companyId=${other.company.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([other.admin.id, other.member.id, other.outsider.id].sort());
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it("support access: with selectedCompanyId the user acts in that company until it is cleared", async () => {
    const root = await seedSuper();
    const helper = await createUser(server.db, {
      companyId: root.company.id,
      profile: "admin",
      super: true,
    });
    const other = await seedCompany(server);
    const set = await request(server, root.session, "PUT", `/users/${helper.id}`, {
      selectedCompanyId: other.company.id,
      selectedCompanyQueueIds: [other.queue.id],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      selectedCompanyId: other.company.id,
      selectedCompanyQueues: [{ id: other.queue.id }],
      companyId: root.company.id,
    });

    const session = await login(server, helper.email);
    const me = await request(server, session, "GET", "/auth/me");
    expect(me.json().company.id).toBe(other.company.id);
    const list = await request(server, session, "GET", "/users/");
    expect(
      list
        .json()
        .users.map((u: { id: number }) => u.id)
        .sort(),
    ).toEqual([other.admin.id, other.member.id, other.outsider.id].sort());

    const cleared = await request(server, root.session, "PUT", `/users/${helper.id}`, {
      selectedCompanyId: null,
    });
    expect(cleared.json()).toMatchObject({ selectedCompanyId: null, selectedCompanyQueues: [] });
    const back = await request(server, session, "GET", "/auth/me");
    expect(back.json().company.id).toBe(root.company.id);
    const home = await request(server, session, "GET", "/users/");
    const ids = home.json().users.map((u: { id: number }) => u.id);
    expect(ids).toContain(root.user.id);
    expect(ids).not.toContain(other.member.id);
  });

  it("support-access queues must belong to the selected company", async () => {
    const root = await seedSuper();
    const helper = await createUser(server.db, { companyId: root.company.id, super: true });
    const other = await seedCompany(server);
    const third = await seedCompany(server);
    const res = await request(server, root.session, "PUT", `/users/${helper.id}`, {
      selectedCompanyId: other.company.id,
      selectedCompanyQueueIds: [third.queue.id],
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).toBe("ERR_NO_QUEUE_FOUND");
    const read = await request(server, root.session, "GET", `/users/${helper.id}`);
    expect(read.json().selectedCompanyId).toBeNull();
  });

  it("edits and deletes users of any company", async () => {
    const root = await seedSuper();
    const other = await seedCompany(server);
    const edit = await request(server, root.session, "PUT", `/users/${other.member.id}`, {
      name: "Fixed By Support",
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().name).toBe("Fixed By Support");
    const del = await request(server, root.session, "DELETE", `/users/${other.outsider.id}`);
    expect(del.statusCode).toBe(204);
    expect(
      (await request(server, other.as.admin, "GET", `/users/${other.outsider.id}`)).statusCode,
    ).toBe(404);
  });
});

describe("pagination and search", () => {
  async function companyWithUsers(n: number) {
    const company = await createCompany(server.db);
    const admin = await createUser(server.db, {
      companyId: company.id,
      profile: "admin",
      name: "Aaa Admin",
    });
    // Inserted in reverse so the answer's order comes from the server, not from insertion.
    for (let i = n - 1; i >= 1; i--) {
      await createUser(server.db, {
        companyId: company.id,
        name: `Person ${String(i).padStart(2, "0")}`,
      });
    }
    return { company, admin, session: await login(server, admin.email) };
  }

  it(`pages by ${PAGE_SIZE.users}, ordered by name, with count and hasMore`, async () => {
    const { session } = await companyWithUsers(25);
    const first = await request(server, session, "GET", "/users/?searchParam=&pageNumber=1");
    expect(first.json()).toMatchObject({ count: 25, hasMore: true });
    const names1 = first.json().users.map((u: { name: string }) => u.name);
    expect(names1).toHaveLength(PAGE_SIZE.users);
    expect(names1.slice(0, 3)).toEqual(["Aaa Admin", "Person 01", "Person 02"]);

    const second = await request(server, session, "GET", "/users/?searchParam=&pageNumber=2");
    expect(second.json()).toMatchObject({ count: 25, hasMore: false });
    const names2 = second.json().users.map((u: { name: string }) => u.name);
    expect(names2).toHaveLength(25 - PAGE_SIZE.users);
    expect(names2.at(-1)).toBe("Person 24");
    expect([...names1, ...names2]).toEqual([...names1, ...names2].sort());
    expect(new Set([...names1, ...names2]).size).toBe(25);

    const past = await request(server, session, "GET", "/users/?pageNumber=3");
    expect(past.json()).toMatchObject({ users: [], hasMore: false });
    const bad = await request(server, session, "GET", "/users/?pageNumber=0");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
  });

  it("searches name and email case-insensitively", async () => {
    const seed = await seedCompany(server);
    const tag = uid();
    const byName = await createUser(server.db, {
      companyId: seed.company.id,
      name: `Beatriz Fonseca ${tag}`,
    });
    const byEmail = await createUser(server.db, {
      companyId: seed.company.id,
      email: `zed.${tag}@Sample.org`.toLowerCase(),
    });
    const name = await request(
      server,
      seed.as.member,
      "GET",
      `/users/?searchParam=FONSECA%20${tag.toUpperCase()}`,
    );
    expect(name.json().users.map((u: { id: number }) => u.id)).toEqual([byName.id]);
    expect(name.json().count).toBe(1);
    const email = await request(
      server,
      seed.as.member,
      "GET",
      `/users/?searchParam=ZED.${tag.toUpperCase()}@SAMPLE`,
    );
    expect(email.json().users.map((u: { id: number }) => u.id)).toEqual([byEmail.id]);
  });

  it("treats % and _ in the term literally", async () => {
    const seed = await seedCompany(server);
    const percent = await createUser(server.db, {
      companyId: seed.company.id,
      name: "Sales 100% Team",
    });
    await createUser(server.db, { companyId: seed.company.id, name: "Sales 1000 Team" });
    const underscore = await createUser(server.db, {
      companyId: seed.company.id,
      name: "snake_case Person",
    });
    await createUser(server.db, { companyId: seed.company.id, name: "snakeXcase Person" });
    const pct = await request(
      server,
      seed.as.admin,
      "GET",
      `/users/?searchParam=${encodeURIComponent("100%")}`,
    );
    expect(pct.json().users.map((u: { id: number }) => u.id)).toEqual([percent.id]);
    const und = await request(
      server,
      seed.as.admin,
      "GET",
      `/users/?searchParam=${encodeURIComponent("snake_")}`,
    );
    expect(und.json().users.map((u: { id: number }) => u.id)).toEqual([underscore.id]);
    const all = await request(
      server,
      seed.as.admin,
      "GET",
      `/users/?searchParam=${encodeURIComponent("%")}`,
    );
    expect(all.json().users.map((u: { id: number }) => u.id)).toEqual([percent.id]);
  });
});

describe("live events on company-{id}-user", () => {
  it("create, update and delete reach the company's sockets and not another company's", async () => {
    const seed = await seedCompany(server);
    const other = await seedCompany(server);
    const channel = `company-${seed.company.id}-user`;
    const mine = await connect(server, seed.as.member.token);
    const theirs = await connect(server, other.as.admin.token);
    try {
      // Until the company's own socket has seen the last of the three events (the delete).
      const lastEvent = eventWhere<{ action: string }>(
        mine,
        channel,
        (e) => e.action === "delete",
        10_000,
      );
      const leaked = collect(server, theirs, channel, lastEvent);
      const leakedOwn = collect(server, theirs, `company-${other.company.id}-user`, lastEvent);

      const created = nextEvent<{ action: string; user: { id: number; email: string } }>(
        mine,
        channel,
      );
      const body = newUserBody();
      const res = await request(server, seed.as.admin, "POST", "/users", body);
      const id = res.json().id as number;
      const create = await created;
      expect(create).toMatchObject({ action: "create", user: { id, email: body.email } });
      expect(JSON.stringify(create)).not.toMatch(/password|argon2/i);

      const updated = nextEvent<{ action: string; user: { id: number; name: string } }>(
        mine,
        channel,
      );
      await request(server, seed.as.admin, "PUT", `/users/${id}`, { name: "Live Renamed" });
      const update = await updated;
      expect(update).toMatchObject({ action: "update", user: { id, name: "Live Renamed" } });
      expect(JSON.stringify(update)).not.toMatch(/password|argon2/i);

      const deleted = nextEvent(mine, channel);
      await request(server, seed.as.admin, "DELETE", `/users/${id}`);
      expect(await deleted).toEqual({ action: "delete", userId: id });

      expect(await leaked).toEqual([]);
      expect(await leakedOwn).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it("a deleted user's open sockets are closed", async () => {
    const seed = await seedCompany(server);
    const socket = await connect(server, seed.as.outsider.token);
    try {
      const closed = nextEvent<string>(socket, "disconnect");
      await request(server, seed.as.admin, "DELETE", `/users/${seed.outsider.id}`);
      expect(await closed).toBe("io server disconnect");
    } finally {
      socket.close();
    }
  });
});
