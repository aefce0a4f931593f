import { and, eq } from "drizzle-orm";
import { channels, todayIso, addMonths } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, instances, plans, tickets, ticketTracking } from "../src/db/schema/index.js";
import { multipart, pdf, seedWithSuper } from "./admin-helpers.js";
import {
  connect,
  createCompany,
  createConnection,
  createTicket,
  createUser,
  login,
  nextEvent,
  request,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
let seed: Awaited<ReturnType<typeof seedWithSuper>>;
let superSession: Session;
let planId: number;
let instance: typeof instances.$inferSelect;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  seed = await seedWithSuper(server);
  superSession = seed.superSession;
  const [plan] = await server.db
    .insert(plans)
    .values({ name: `Operator ${uid()}`, userLimit: 10, queueLimit: 10, limitWebChat: 5 })
    .returning();
  planId = plan!.id;
  const [row] = await server.db
    .insert(instances)
    .values({ name: "Node B", address: "https://b.example.com", nodeId: `node-${uid()}` })
    .returning();
  instance = row!;
});
afterAll(() => server.close());

const companyBody = (over: Record<string, unknown> = {}) => ({
  name: `Cliente ${uid()}`,
  email: `cliente-${uid()}@example.com`,
  planId,
  instanceId: instance.id,
  password: "acesso123",
  ...over,
});

async function createViaApi(over: Record<string, unknown> = {}) {
  const res = await request(server, superSession, "POST", "/companies", companyBody(over));
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** Days from today as YYYY-MM-DD. */
const inDays = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() + n);
  return todayIso(d);
};

describe("creating a company", () => {
  it("applies the defaults, creates its admin and settings, and lives on the chosen instance", async () => {
    const body = companyBody({ phone: "5511999990000", document: "12.345.678/0001-90" });
    const res = await request(server, superSession, "POST", "/companies", body);
    expect(res.statusCode).toBe(201);
    const company = res.json();
    expect(company).toMatchObject({
      name: body.name,
      email: body.email,
      status: true,
      invoiceRequired: false,
      useType: "CLIENTE",
      language: "pt-BR",
      apiEnabled: false,
      archived: false,
      archivedAt: null,
      paymentStatus: "PENDING",
      planId,
      plan: { id: planId, userLimit: { limit: 10 } },
      instance: { id: instance.id, address: "https://b.example.com" },
      connectionLimit: { baileys: 0, facebook: 0, instagram: 0, whatsAppBusiness: 0, webChat: 0 },
      invoiceFile: null,
      noteFile: null,
      whatsapps: [],
    });
    expect(company.settings).toEqual(
      expect.arrayContaining([{ key: "userCreation", value: "disabled" }]),
    );
    expect(company.schedules).toHaveLength(7);

    // The first admin logs in with the form's email and password, on the company's instance.
    const res2 = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: body.email, password: "acesso123" },
    });
    expect(res2.statusCode).toBe(200);
    expect(res2.json().user).toMatchObject({
      profile: "admin",
      super: false,
      companyId: company.id,
    });
    expect(res2.json().user.company.instance.address).toBe("https://b.example.com");
    // The admin is named after themself (the e-mail's name here), not after the company.
    expect(res2.json().user.name).toBe(body.email.split("@")[0]);
  });

  it("names the first admin as the form says", async () => {
    const body = companyBody({ adminName: "Marina Souza" });
    expect((await request(server, superSession, "POST", "/companies", body)).statusCode).toBe(201);
    const login = await server.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: body.email, password: "acesso123" },
    });
    expect(login.json().user.name).toBe("Marina Souza");
    const short = await request(
      server,
      superSession,
      "POST",
      "/companies",
      companyBody({ adminName: "M" }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toMatchObject({ adminName: "Too Short!" });
  });

  it("without a password the admin gets a set-password link; the outbox keeps it redacted (no SMTP)", async () => {
    const body = companyBody({ password: undefined, instanceId: "" });
    const [own] = await server.db
      .insert(instances)
      .values({ name: "own", address: "", nodeId: server.config.INSTANCE_ID })
      .onConflictDoNothing()
      .returning();
    const ownId =
      own?.id ??
      (
        await server.db
          .select()
          .from(instances)
          .where(eq(instances.nodeId, server.config.INSTANCE_ID))
      )[0]!.id;
    const company = await createViaApi(body);
    expect(company.instanceId).toBe(ownId);

    const outbox = await request(
      server,
      superSession,
      "GET",
      `/mail-outbox?companyId=${company.id}`,
    );
    expect(outbox.statusCode).toBe(200);
    const [mail] = outbox.json();
    expect(mail).toMatchObject({ to: body.email, companyId: company.id });
    expect(mail.body).toContain(`${server.config.PUBLIC_URL}/set-password#token=[redacted]`);
    expect(mail.body).not.toMatch(/Senha:/);
  });

  it("answers field errors and catalogue codes for bad input", async () => {
    const missing = await request(server, superSession, "POST", "/companies", {
      name: "Sem email",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { email: "Required" },
    });
    const noPlan = await request(server, superSession, "POST", "/companies", {
      ...companyBody(),
      planId: "",
    });
    expect(noPlan.json().error).toBe("ERR_VALIDATION");
    expect(noPlan.json().fields.planId).toBeTruthy();
    const badEnum = await request(server, superSession, "POST", "/companies", {
      ...companyBody(),
      recurrence: "SEMANAL",
    });
    expect(badEnum.json().fields.recurrence).toBeTruthy();
    const unknownPlan = await request(server, superSession, "POST", "/companies", {
      ...companyBody(),
      planId: 99_999_999,
    });
    expect(unknownPlan.statusCode).toBe(404);
    expect(unknownPlan.json().error).toBe("ERR_NO_PLAN_FOUND");
    const unknownInstance = await request(server, superSession, "POST", "/companies", {
      ...companyBody(),
      instanceId: 99_999_999,
    });
    expect(unknownInstance.json().error).toBe("ERR_NO_INSTANCE_FOUND");
    const taken = await request(server, superSession, "POST", "/companies", {
      ...companyBody(),
      email: seed.admin.email,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe("ERR_EMAIL_ALREADY_EXISTS");
    // §5: an empty or invalid due date is sent as null; a real but impossible date is refused.
    const emptyDue = await createViaApi({ dueDate: "" });
    expect(emptyDue.dueDate).toBeNull();
    const impossible = await request(server, superSession, "POST", "/companies", {
      ...companyBody(),
      dueDate: "2025-02-30",
    });
    expect(impossible.json().fields.dueDate).toBe("Invalid date");
  });
});

describe("managing companies", () => {
  it("lists every company with search and archive filters; /companies/list keeps non-archived only", async () => {
    const tag = uid();
    const kept = await createViaApi({ name: `Padaria ${tag} nova` });
    const archived = await createViaApi({ name: `Padaria ${tag} velha` });
    await request(server, superSession, "PATCH", `/companies/archived/${archived.id}`, {
      archived: true,
    });
    const all = await request(server, superSession, "GET", `/companies?searchParam=padaria ${tag}`);
    expect(
      all
        .json()
        .map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([kept.id, archived.id].sort());
    const onlyArchived = await request(
      server,
      superSession,
      "GET",
      `/companies?searchParam=${tag}&archived=true`,
    );
    expect(onlyArchived.json().map((c: { id: number }) => c.id)).toEqual([archived.id]);
    const byEmail = await request(
      server,
      superSession,
      "GET",
      `/companies?searchParam=${kept.email}`,
    );
    expect(byEmail.json().map((c: { id: number }) => c.id)).toEqual([kept.id]);
    const picker = (await request(server, superSession, "GET", "/companies/list")).json();
    expect(picker.map((c: { id: number }) => c.id)).toContain(kept.id);
    expect(picker.map((c: { id: number }) => c.id)).not.toContain(archived.id);
    expect(picker[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
  });

  it("updates billing fields and reads the company back", async () => {
    const company = await createViaApi();
    const due = addMonths(todayIso(), 1);
    const res = await request(server, superSession, "PUT", `/companies/${company.id}`, {
      ...companyBody({ name: "Renomeada", email: company.email }),
      dueDate: due,
      recurrence: "TRIMESTRAL",
      paymentMethod: "pix",
      useType: "TESTE",
      invoiceRequired: true,
      segments: "varejo",
      apiEnabled: true,
      language: "es-ES",
      document: "",
    });
    expect(res.statusCode).toBe(200);
    const read = await request(server, superSession, "GET", `/companies/${company.id}`);
    expect(read.json()).toMatchObject({
      name: "Renomeada",
      dueDate: due,
      recurrence: "TRIMESTRAL",
      paymentMethod: "pix",
      useType: "TESTE",
      invoiceRequired: true,
      segments: "varejo",
      apiEnabled: true,
      language: "es-ES",
      document: null,
    });
    const missing = await request(server, superSession, "PUT", "/companies/99999999", {
      name: "x",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe("ERR_NO_COMPANY_FOUND");
  });

  it("toggles archiving with its date and records payment requests", async () => {
    const company = await createViaApi();
    const on = await request(server, superSession, "PATCH", `/companies/archived/${company.id}`, {
      archived: true,
    });
    expect(on.json().archived).toBe(true);
    expect(Date.now() - Date.parse(on.json().archivedAt)).toBeLessThan(60_000);
    const off = await request(server, superSession, "PATCH", `/companies/archived/${company.id}`, {
      archived: false,
    });
    expect(off.json()).toMatchObject({ archived: false, archivedAt: null });

    const paid = await request(
      server,
      superSession,
      "PATCH",
      `/companies/lastSendPayment/${company.id}`,
      { lastSendPaymentAt: "2025-03-10 14:30:05" },
    );
    expect(paid.json()).toMatchObject({
      lastSendPaymentAt: "2025-03-10 14:30:05",
      paymentStatus: "SENDED",
    });
    const bad = await request(
      server,
      superSession,
      "PATCH",
      `/companies/lastSendPayment/${company.id}`,
      { lastSendPaymentAt: "ontem" },
    );
    expect(bad.json().error).toBe("ERR_VALIDATION");
  });

  it("walks the billing cycle: sent (with its time), paid, undone, next cycle", async () => {
    const company = await createViaApi();
    const step = (paymentStatus: string) =>
      request(server, superSession, "PATCH", `/companies/${company.id}/payment-status`, {
        paymentStatus,
      });
    const sent = await step("SENDED");
    expect(sent.statusCode).toBe(200);
    expect(sent.json().paymentStatus).toBe("SENDED");
    expect(sent.json().lastSendPaymentAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const paid = await step("COMPLETED");
    expect(paid.json()).toMatchObject({
      paymentStatus: "COMPLETED",
      lastSendPaymentAt: sent.json().lastSendPaymentAt,
    });
    expect((await step("SENDED")).json().paymentStatus).toBe("SENDED"); // undo
    expect((await step("PENDING")).json().paymentStatus).toBe("PENDING"); // next cycle
    const listed = (await request(server, superSession, "GET", "/companies")).json();
    expect(listed.find((c: { id: number }) => c.id === company.id).paymentStatus).toBe("PENDING");

    const bad = await step("PAGO");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
  });

  it("uploads, replaces and deletes the boleto and nota files, served through signed URLs", async () => {
    const company = await createViaApi();
    const first = await multipart(
      server,
      superSession,
      "POST",
      `/companies/${company.id}/invoice`,
      {
        files: [{ ...pdf, filename: "boleto-marco.pdf" }],
      },
    );
    expect(first.statusCode).toBe(200);
    const invoice = first.json().invoiceFile;
    expect(invoice).toMatchObject({
      name: "boleto-marco.pdf",
      url: expect.stringMatching(/^\/files\//),
    });
    const download = await server.app.inject({ method: "GET", url: invoice.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf.data)).toBe(true);

    const second = await multipart(
      server,
      superSession,
      "POST",
      `/companies/${company.id}/invoice`,
      {
        files: [{ ...pdf, filename: "boleto-abril.pdf" }],
      },
    );
    expect(second.json().invoiceFile.name).toBe("boleto-abril.pdf");
    // The replaced file is gone.
    expect((await server.app.inject({ method: "GET", url: invoice.url })).statusCode).toBe(404);

    const note = await multipart(server, superSession, "POST", `/companies/${company.id}/note`, {
      files: [{ ...pdf, filename: "nota.pdf" }],
    });
    expect(note.json()).toMatchObject({
      noteFile: { name: "nota.pdf" },
      invoiceFile: { name: "boleto-abril.pdf" },
    });
    const noFile = await multipart(server, superSession, "POST", `/companies/${company.id}/note`, {
      fields: { other: "x" },
    });
    expect(noFile.json()).toMatchObject({ error: "ERR_VALIDATION", fields: { file: "Required" } });

    const del = await request(server, superSession, "DELETE", `/companies/${company.id}/invoice`);
    expect(del.json()).toMatchObject({ invoiceFile: null, noteFile: { name: "nota.pdf" } });
    const delNote = await request(server, superSession, "DELETE", `/companies/${company.id}/note`);
    expect(delNote.json().noteFile).toBeNull();
  });

  it("closes every open and pending ticket of one company and publishes the updates", async () => {
    const company = await createCompany(server.db);
    const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
    const open = await createTicket(server.db, company.id, { status: "open", userId: admin.id });
    const pending = await createTicket(server.db, company.id, { status: "pending" });
    const closed = await createTicket(server.db, company.id, { status: "closed" });
    const elsewhere = await createTicket(server.db, seed.company.id, { status: "open" });
    await server.db
      .insert(ticketTracking)
      .values({ companyId: company.id, ticketId: open.id, connectionId: open.connectionId });

    const socket = await connect(server, (await login(server, admin.email)).token);
    const event = nextEvent<{ action: string; ticket: { id: number; status: string } }>(
      socket,
      channels.ticket(company.id),
    );
    const res = await request(server, superSession, "PATCH", `/tickets/${company.id}/close-all`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ closed: 2 });
    expect(await event).toMatchObject({ action: "update", ticket: { status: "closed" } });
    socket.disconnect();

    const rows = await server.db.select().from(tickets).where(eq(tickets.companyId, company.id));
    expect(rows.every((t) => t.status === "closed")).toBe(true);
    expect(rows.map((t) => t.id).sort()).toEqual([open.id, pending.id, closed.id].sort());
    const [other] = await server.db.select().from(tickets).where(eq(tickets.id, elsewhere.id));
    expect(other!.status).toBe("open");
    const [cycle] = await server.db
      .select()
      .from(ticketTracking)
      .where(and(eq(ticketTracking.ticketId, open.id)));
    expect(cycle!.finishedAt).not.toBeNull();
  });

  it("refuses to delete a company that is not archived, and the platform company", async () => {
    const company = await createViaApi();
    const res = await request(server, superSession, "DELETE", `/companies/${company.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe("ERR_COMPANY_NOT_ARCHIVED");
  });

  // Only in an isolated database: a second platform company would confuse other test files.
  it.runIf(!process.env.TEST_DATABASE_URL)(
    "never archives, deactivates or deletes the platform's own company",
    async () => {
      const platform = await createCompany(server.db, { isPlatform: true });
      for (const [method, url, body] of [
        ["PATCH", `/companies/archived/${platform.id}`, { archived: true }],
        ["PUT", `/companies/${platform.id}`, { status: false }],
        ["DELETE", `/companies/${platform.id}`, undefined],
      ] as const) {
        const res = await request(server, superSession, method, url, body);
        expect(res.json().error).toBe("ERR_PLATFORM_COMPANY");
      }
    },
  );

  it("lists the instances", async () => {
    const res = await request(server, superSession, "GET", "/instances");
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { id: instance.id, name: "Node B", address: "https://b.example.com" },
      ]),
    );
  });
});

describe("the operator's dashboard", () => {
  // The figures are platform-wide, so the deltas are exact only while nothing else writes:
  // PGlite is private to this file, and on PostgreSQL the server files run one at a time
  // (vitest.config.ts), so this holds on both.
  const delta = (after: number, before: number, expected: number) =>
    expect(after - before).toBe(expected);

  it("counts active clients, free trials, overdue companies and connections per channel", async () => {
    const before = (await request(server, superSession, "GET", "/companies/dashboard")).json();
    const client = await createViaApi({ dueDate: inDays(10) });
    await createViaApi({ useType: "TESTE" });
    await createViaApi({ dueDate: inDays(-2) });
    const archived = await createViaApi({ dueDate: inDays(-2) });
    await request(server, superSession, "PATCH", `/companies/archived/${archived.id}`, {
      archived: true,
    });
    await createViaApi({ status: false, dueDate: inDays(-2) });
    await createConnection(server, client.id);
    await createConnection(server, client.id, { channelType: "INSTAGRAM", isDefault: false });
    await createConnection(server, archived.id);

    const after = (await request(server, superSession, "GET", "/companies/dashboard")).json();
    expect(Object.keys(after).sort()).toEqual(
      [
        "baileysCount",
        "clientCount",
        "facebookCount",
        "instagramCount",
        "overdueClientCount",
        "testClientCount",
        "webChatCount",
        "whatsAppBusiness",
      ].sort(),
    );
    delta(after.clientCount, before.clientCount, 2);
    expect(after.testClientCount - before.testClientCount).toBe(1);
    delta(after.overdueClientCount, before.overdueClientCount, 1);
    delta(after.webChatCount, before.webChatCount, 1);
    delta(after.instagramCount, before.instagramCount, 1);
    delta(after.facebookCount, before.facebookCount, 0);
  });
});

describe("operator routes as company users", () => {
  it("answers 403 ERR_NO_PERMISSION to admins and users, including for their own company", async () => {
    const target = await createViaApi();
    const own = seed.company.id;
    const calls: [string, string, unknown?][] = [
      ["GET", "/companies"],
      ["GET", "/companies/dashboard"],
      ["POST", "/companies", companyBody()],
      ["PUT", `/companies/${target.id}`, { name: "Invadida" }],
      ["PUT", `/companies/${own}`, { name: "Minha" }],
      ["DELETE", `/companies/${target.id}`],
      ["PATCH", `/companies/archived/${target.id}`, { archived: true }],
      ["PATCH", `/companies/lastSendPayment/${own}`, {}],
      ["PATCH", `/companies/${own}/payment-status`, { paymentStatus: "COMPLETED" }],
      ["PATCH", `/companies/${own}/reset-password`],
      ["DELETE", `/companies/${target.id}/note`],
      ["DELETE", `/companies/${own}/invoice`],
      ["PATCH", `/tickets/${own}/close-all`],
      ["PATCH", `/tickets/${target.id}/close-all`],
      ["GET", "/instances"],
      ["GET", "/mail-outbox"],
      ["GET", "/companies/list"],
    ];
    for (const who of [seed.as.admin, seed.as.member]) {
      for (const [method, url, body] of calls) {
        const res = await request(server, who, method as "GET", url, body);
        expect([method, url, res.statusCode, res.json().error]).toEqual([
          method,
          url,
          403,
          "ERR_NO_PERMISSION",
        ]);
      }
      const upload = await multipart(server, who, "POST", `/companies/${own}/invoice`, {
        files: [pdf],
      });
      expect(upload.statusCode).toBe(403);
    }
    // Another company's record is "not found"; their own keeps its public part.
    const other = await request(server, seed.as.admin, "GET", `/companies/${target.id}`);
    expect(other.statusCode).toBe(404);
    const mine = await request(server, seed.as.member, "GET", `/companies/${own}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).not.toHaveProperty("invoiceFile");
    const [row] = await server.db.select().from(companies).where(eq(companies.id, target.id));
    expect(row).toMatchObject({ name: target.name, archived: false });
  });
});
