import { eq } from "drizzle-orm";
import { todayIso } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, plans } from "../src/db/schema/index.js";
import {
  createCompany,
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

/** Days from today as YYYY-MM-DD. */
const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return todayIso(d);
};

function loginRaw(server: TestServer, email: string, password = DEFAULT_PASSWORD) {
  return server.app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });
}

async function superOf(server: TestServer): Promise<Session> {
  const home = await createCompany(server.db);
  const operator = await createUser(server.db, {
    companyId: home.id,
    profile: "admin",
    super: true,
  });
  return login(server, operator.email);
}

describe("billing states block a company's users", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  async function companyWithUser(graceDays: number, dueDate: string | null) {
    const [plan] = await server.db
      .insert(plans)
      .values({ name: `Grace ${uid()}`, userLimit: 10, graceDays })
      .returning();
    const company = await createCompany(server.db, { planId: plan!.id, dueDate });
    const user = await createUser(server.db, { companyId: company.id, profile: "admin" });
    return { company, user };
  }

  it("lets users in while the company is within its grace days, and blocks them after", async () => {
    const within = await companyWithUser(7, inDays(-7));
    expect((await loginRaw(server, within.user.email)).statusCode).toBe(200);

    const beyond = await companyWithUser(7, inDays(-8));
    const res = await loginRaw(server, beyond.user.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe("ERR_COMPANY_OVERDUE");
  });

  it("ends a live session when the company becomes overdue or inactive", async () => {
    const { company, user } = await companyWithUser(3, inDays(5));
    const session = await login(server, user.email);
    expect((await request(server, session, "GET", "/auth/me")).statusCode).toBe(200);

    await server.db
      .update(companies)
      .set({ dueDate: inDays(-4) })
      .where(eq(companies.id, company.id));
    const overdue = await request(server, session, "GET", "/auth/me");
    expect(overdue.statusCode).toBe(401);
    expect(overdue.json().error).toBe("ERR_COMPANY_OVERDUE");
    // The refresh cookie cannot bring it back either.
    const refresh = await server.app.inject({
      method: "POST",
      url: "/auth/refresh_token",
      headers: { cookie: session.cookie },
    });
    expect(refresh.json().error).toBe("ERR_COMPANY_OVERDUE");

    await server.db
      .update(companies)
      .set({ dueDate: inDays(30), status: false })
      .where(eq(companies.id, company.id));
    const inactive = await request(server, session, "GET", "/auth/me");
    expect(inactive.json().error).toBe("SM00012");
    expect((await loginRaw(server, user.email)).json().error).toBe("SM00012");
  });

  it("deactivating a company through the operator's form blocks its users at once", async () => {
    const operator = await superOf(server);
    const { company, user } = await companyWithUser(7, null);
    const session = await login(server, user.email);
    const put = await request(server, operator, "PUT", `/companies/${company.id}`, {
      status: false,
    });
    expect(put.json().status).toBe(false);
    expect((await request(server, session, "GET", "/auth/me")).json().error).toBe("SM00012");
  });

  it("never blocks a super user, even in an overdue or inactive company", async () => {
    const { company } = await companyWithUser(0, inDays(-30));
    await server.db.update(companies).set({ status: false }).where(eq(companies.id, company.id));
    const operator = await createUser(server.db, {
      companyId: company.id,
      profile: "admin",
      super: true,
    });
    const session = await login(server, operator.email);
    expect((await request(server, session, "GET", "/auth/me")).statusCode).toBe(200);
  });

  it("without SMTP, resending access keeps the password and the outbox shows no secret", async () => {
    const operator = await superOf(server);
    const { company, user } = await companyWithUser(7, null);
    // The first admin is chosen over ordinary users created before it.
    const res = await request(server, operator, "PATCH", `/companies/${company.id}/reset-password`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delivery: "outbox", to: user.email });
    const [mail] = (
      await request(server, operator, "GET", `/mail-outbox?companyId=${company.id}`)
    ).json();
    expect(mail.body).toContain("/set-password#token=[redacted]");
    expect(mail.body).not.toMatch(/Senha:/);
    expect((await loginRaw(server, user.email)).statusCode).toBe(200);

    const empty = await createCompany(server.db);
    const none = await request(server, operator, "PATCH", `/companies/${empty.id}/reset-password`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe("ERR_NO_COMPANY_ADMIN");
  });
});

describe("access emails over SMTP", () => {
  let server: TestServer;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({ config: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it("mails the admin a set-password link; the old password works until the link is used", async () => {
    const operator = await superOf(server);
    const company = await createCompany(server.db);
    const user = await createUser(server.db, { companyId: company.id, profile: "user" });
    const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
    const res = await request(server, operator, "PATCH", `/companies/${company.id}/reset-password`);
    expect(res.json()).toEqual({ delivery: "smtp", to: admin.email });

    const mail = smtp.lastTo(admin.email);
    expect(mail?.data).toMatch(/Subject: Seus dados de acesso/);
    expect(mail?.text).not.toMatch(/Senha:/);
    expect((await loginRaw(server, admin.email)).statusCode).toBe(200);
    const set = await server.app.inject({
      method: "POST",
      url: "/auth/set-password",
      payload: { token: linkToken(mail?.text), password: "nova-senha-1" },
    });
    expect(set.statusCode).toBe(204);
    expect((await loginRaw(server, admin.email)).statusCode).toBe(401);
    expect((await loginRaw(server, admin.email, "nova-senha-1")).statusCode).toBe(200);
    // The ordinary user keeps their password.
    expect((await loginRaw(server, user.email)).statusCode).toBe(200);
    const outbox = await request(server, operator, "GET", `/mail-outbox?companyId=${company.id}`);
    expect(outbox.json()).toEqual([]);
  });

  it("a new company's access email goes through SMTP with a link for its admin", async () => {
    const operator = await superOf(server);
    const [plan] = await server.db
      .insert(plans)
      .values({ name: `Mail ${uid()}`, userLimit: 2 })
      .returning();
    const email = `novo-${uid()}@example.com`;
    const res = await request(server, operator, "POST", "/companies", {
      name: "Nova Empresa",
      email,
      planId: plan!.id,
    });
    expect(res.statusCode).toBe(201);
    const token = linkToken(smtp.lastTo(email)?.text);
    const set = await server.app.inject({
      method: "POST",
      url: "/auth/set-password",
      payload: { token, password: "primeira-1" },
    });
    expect(set.statusCode).toBe(204);
    expect((await loginRaw(server, email, "primeira-1")).statusCode).toBe(200);
  });

  // Last: it stops the SMTP server.
  it("reports ERR_MAIL_NOT_SENT when SMTP does not answer, and keeps the password", async () => {
    const operator = await superOf(server);
    const company = await createCompany(server.db);
    const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
    await smtp.close();
    const res = await request(server, operator, "PATCH", `/companies/${company.id}/reset-password`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe("ERR_MAIL_NOT_SENT");
    expect((await loginRaw(server, admin.email)).statusCode).toBe(200);
  });
});
