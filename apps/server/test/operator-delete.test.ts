import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { channels } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  channelSessionState,
  companies,
  contacts,
  files,
  plans,
  tickets,
  users,
} from "../src/db/schema/index.js";
import { multipart, pdf, png } from "./admin-helpers.js";
import {
  connect,
  createCompany,
  createConnection,
  createQueue,
  createUser,
  inbound,
  login,
  nextEvent,
  request,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";

let server: TestServer;
let operator: Session;

beforeAll(async () => {
  server = await startTestServer({ listen: true });
  const home = await createCompany(server.db);
  const op = await createUser(server.db, { companyId: home.id, profile: "admin", super: true });
  operator = await login(server, op.email);
});
afterAll(() => server.close());

/** A company with rows in (nearly) every tenant table and files on disk. */
async function populatedCompany() {
  const company = await createCompany(server.db);
  const queue = await createQueue(server.db, company.id);
  const adminRow = await createUser(server.db, {
    companyId: company.id,
    profile: "admin",
    queueIds: [queue.id],
  });
  const agentRow = await createUser(server.db, { companyId: company.id, queueIds: [queue.id] });
  const admin = await login(server, adminRow.email);
  await login(server, agentRow.email);

  const connection = await createConnection(server, company.id);
  await server.db.insert(channelSessionState).values({
    companyId: company.id,
    connectionId: connection.id,
    key: "creds",
    value: { me: uid() },
  });
  const number = `55119${Math.floor(Math.random() * 1e8)}`;
  await inbound(server, connection, { number, body: "Olá, preciso de ajuda" });
  const [contact] = await server.db
    .select()
    .from(contacts)
    .where(eq(contacts.companyId, company.id));
  const [ticket] = await server.db.select().from(tickets).where(eq(tickets.companyId, company.id));

  const tag = await request(server, admin, "POST", "/tags", {
    name: `Tag ${uid()}`,
    color: "#123456",
  });
  expect(tag.statusCode).toBe(201);
  await request(server, admin, "POST", "/tags/sync", {
    contactId: contact!.id,
    tags: [tag.json()],
  });
  const note = await request(server, admin, "POST", "/ticket-notes", {
    note: "cliente antigo",
    ticketId: ticket!.id,
    contactId: contact!.id,
  });
  expect(note.statusCode).toBe(201);
  const chat = await request(server, admin, "POST", "/chats", {
    title: "Equipe",
    users: [{ id: agentRow.id }],
  });
  expect(chat.statusCode).toBe(201);
  await request(server, admin, "POST", `/chats/${chat.json().id}/messages`, { message: "oi" });

  const upload = await multipart(server, admin, "POST", `/queue/${queue.id}/upload`, {
    files: [png],
  });
  expect(upload.statusCode).toBe(200);
  await multipart(server, operator, "POST", `/companies/${company.id}/note`, { files: [pdf] });
  await request(server, operator, "PATCH", `/companies/${company.id}/reset-password`);
  return { company, admin, adminRow };
}

async function tenantTables(): Promise<string[]> {
  const res = await server.database.executeSql(
    `select table_name from information_schema.columns
      where column_name = 'company_id' and table_schema = current_schema() order by 1`,
  );
  return (res.rows as { table_name: string }[]).map((r) => r.table_name);
}

async function rowCounts(companyId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await tenantTables()) {
    const res = await server.database.executeSql(
      `select count(*)::int as n from "${table}" where company_id = $1`,
      [companyId],
    );
    out[table] = (res.rows[0] as { n: number }).n;
  }
  return out;
}

async function storedPaths(companyId: number): Promise<string[]> {
  const rows = await server.db.select().from(files).where(eq(files.companyId, companyId));
  return rows.map((f) => path.join(server.config.DATA_DIR, "uploads", f.storageKey));
}

describe("deleting a company", () => {
  it("runs in the background and removes exactly that company's rows and files", async () => {
    const doomed = await populatedCompany();
    const kept = await populatedCompany();
    const before = await rowCounts(doomed.company.id);
    // The fixture really reaches the tables that matter.
    for (const table of [
      "users",
      "user_sessions",
      "user_queues",
      "queues",
      "connections",
      "channel_session_state",
      "contacts",
      "tickets",
      "messages",
      "tags",
      "contact_tags",
      "ticket_notes",
      "chats",
      "chat_users",
      "chat_messages",
      "files",
      "settings",
      "mail_outbox",
    ]) {
      expect([table, before[table]]).toEqual([table, expect.any(Number)]);
      expect([table, before[table]! > 0]).toEqual([table, true]);
    }
    const keptBefore = await rowCounts(kept.company.id);
    const doomedFiles = await storedPaths(doomed.company.id);
    const keptFiles = await storedPaths(kept.company.id);
    expect(doomedFiles.length).toBeGreaterThanOrEqual(2);
    expect(doomedFiles.every((f) => existsSync(f))).toBe(true);

    const notArchived = await request(
      server,
      operator,
      "DELETE",
      `/companies/${doomed.company.id}`,
    );
    expect(notArchived.json().error).toBe("ERR_COMPANY_NOT_ARCHIVED");
    await request(server, operator, "PATCH", `/companies/archived/${doomed.company.id}`, {
      archived: true,
    });

    const socket = await connect(server, operator.token);
    const done = nextEvent<{ action: string; companyId: number }>(
      socket,
      channels.company(),
      10_000,
    );
    const res = await request(server, operator, "DELETE", `/companies/${doomed.company.id}`);
    expect(res.statusCode).toBe(202);
    expect(await done).toEqual({ action: "delete", companyId: doomed.company.id });
    socket.disconnect();

    const [row] = await server.db
      .select()
      .from(companies)
      .where(eq(companies.id, doomed.company.id));
    expect(row).toBeUndefined();
    const after = await rowCounts(doomed.company.id);
    expect(Object.values(after).every((n) => n === 0)).toBe(true);
    expect(doomedFiles.some((f) => existsSync(f))).toBe(false);
    expect(
      existsSync(path.join(server.config.DATA_DIR, "uploads", String(doomed.company.id))),
    ).toBe(false);

    // The other company is untouched: rows, files, its plan and its users' access.
    expect(await rowCounts(kept.company.id)).toEqual(keptBefore);
    expect(keptFiles.every((f) => existsSync(f))).toBe(true);
    const [plan] = await server.db.select().from(plans).where(eq(plans.id, doomed.company.planId!));
    expect(plan).toBeDefined();
    const me = await request(server, kept.admin, "GET", "/auth/me");
    expect(me.statusCode).toBe(200);
    // The deleted company's session is gone.
    const lost = await request(server, doomed.admin, "GET", "/auth/me");
    expect(lost.statusCode).toBe(401);
    const [user] = await server.db.select().from(users).where(eq(users.id, doomed.adminRow.id));
    expect(user).toBeUndefined();
  });

  it("answers 404 for an unknown company and 403 to non-operators", async () => {
    const missing = await request(server, operator, "DELETE", "/companies/99999999");
    expect(missing.json().error).toBe("ERR_NO_COMPANY_FOUND");
    const victim = await createCompany(server.db, { archived: true });
    const home = await createCompany(server.db);
    const admin = await login(
      server,
      (await createUser(server.db, { companyId: home.id, profile: "admin" })).email,
    );
    const res = await request(server, admin, "DELETE", `/companies/${victim.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
    const [row] = await server.db.select().from(companies).where(eq(companies.id, victim.id));
    expect(row).toBeDefined();
  });
});
