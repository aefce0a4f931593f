import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../src/db/client.js";
import { contacts, messages, tickets } from "../src/db/schema/index.js";
import {
  createConnection,
  request,
  seedCompany,
  startTestServer,
  uid,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const startChat = (uuid: string, payload: Record<string, string>) =>
  server.app.inject({ method: "POST", url: `/webchat/${uuid}/session`, payload });

const visitorSays = (uuid: string, token: string, body: string) =>
  server.app.inject({
    method: "POST",
    url: `/webchat/${uuid}/messages`,
    headers: { authorization: `Bearer ${token}` },
    payload: { body, clientId: uid() },
  });

/** A company with a web chat (default) and a WhatsApp connection, both connected. */
async function site() {
  const seed = await seedCompany(server);
  const webChat = await createConnection(server, seed.company.id, { greetingMessage: "" });
  const whatsApp = await createConnection(server, seed.company.id, {
    channelType: "BAILEYS",
    isDefault: false,
  });
  return { ...seed, webChat, whatsApp };
}

const phone = () => `55119${String(Date.now()).slice(-4)}${Math.floor(Math.random() * 1e4)}`;

describe("the web-chat visitor's contact", () => {
  it("keeps the phone the visitor typed, normalised, and never shows the internal id", async () => {
    const s = await site();
    const digits = phone();
    const typed = `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 9)}-${digits.slice(9)}`;
    const res = await startChat(s.webChat.uuid, { name: "Maria", phone: typed });
    expect(res.statusCode).toBe(200);
    await visitorSays(s.webChat.uuid, res.json().token, "Olá");

    const list = await request(server, s.as.admin, "GET", "/contacts/?searchParam=Maria");
    const [contact] = list.json().contacts;
    expect(contact).toMatchObject({
      name: "Maria",
      number: digits,
      channelType: "WEB_CHAT",
      visitorConnectionId: s.webChat.id,
    });
    expect(JSON.stringify(contact)).not.toMatch(/wc-/);
    const [row] = await server.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row!.visitorId).toMatch(/^wc-[0-9a-f]{32}$/);

    // Without a phone the number stays empty; the agent can still edit the contact.
    const anonymous = await startChat(s.webChat.uuid, { name: "Sem Fone" });
    await visitorSays(s.webChat.uuid, anonymous.json().token, "Oi");
    const other = (
      await request(server, s.as.admin, "GET", "/contacts/?searchParam=Sem%20Fone")
    ).json().contacts[0];
    expect(other.number).toBe("");
    const edited = await request(server, s.as.admin, "PUT", `/contacts/${other.id}`, {
      name: "Sem Fone Editado",
      number: "",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Sem Fone Editado", number: "" });
  });

  it("refuses a phone without its country code, and does not take over another contact's number", async () => {
    const s = await site();
    const masked = await startChat(s.webChat.uuid, { name: "Joana", phone: "(11) 9888-7777" });
    expect(masked.statusCode).toBe(400);
    expect(masked.json()).toMatchObject({
      error: "ERR_INVALID_PHONE_NUMBER",
      fields: { phone: "Invalid phone number" },
    });

    const digits = phone();
    const customer = await request(server, s.as.admin, "POST", "/contacts", {
      name: "Cliente Antigo",
      number: digits,
    });
    expect(customer.statusCode).toBe(201);
    const impostor = await startChat(s.webChat.uuid, { name: "Outra Pessoa", phone: digits });
    expect(impostor.statusCode).toBe(200);
    const found = (
      await request(server, s.as.admin, "GET", "/contacts/?searchParam=Outra%20Pessoa")
    ).json().contacts[0];
    expect(found.number).toBe("");
    expect(found.extraInfo).toEqual([
      expect.objectContaining({ name: "Telefone informado", value: digits }),
    ]);
    const original = await request(server, s.as.admin, "GET", `/contacts/${customer.json().id}`);
    expect(original.json().name).toBe("Cliente Antigo");
  });

  it("an agent user of another company never sees the visitor", async () => {
    const s = await site();
    const other = await seedCompany(server);
    const name = `Visitante ${uid()}`;
    const started = await startChat(s.webChat.uuid, { name });
    expect(started.statusCode).toBe(200);
    expect(started.json().token).toEqual(expect.any(String));
    const theirs = await request(server, other.as.admin, "GET", "/contacts/?searchParam=Visitante");
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().contacts).toEqual([]);
    // The same search by the visitor's own company finds them: the search itself works.
    const own = await request(server, s.as.admin, "GET", "/contacts/?searchParam=Visitante");
    expect(own.statusCode).toBe(200);
    expect(own.json().contacts).toEqual([
      expect.objectContaining({ name, channelType: "WEB_CHAT", visitorConnectionId: s.webChat.id }),
    ]);
  });
});

describe("the migration of visitors stored before", () => {
  it("moves a 'wc-' number to the visitor id and binds the visitor to their web chat", async () => {
    const s = await site();
    const legacyId = `wc-${uid()}${uid()}`;
    const [legacy] = await server.db
      .insert(contacts)
      .values({
        companyId: s.company.id,
        name: "Antigo",
        number: legacyId,
        channelType: "WEB_CHAT",
      })
      .returning();
    await server.db.insert(tickets).values({
      companyId: s.company.id,
      protocol: 1,
      status: "closed",
      contactId: legacy!.id,
      connectionId: s.webChat.id,
      channelType: "WEB_CHAT",
    });
    // The data steps of 0007 (its schema steps already ran when the test database was made).
    const migration = readFileSync(
      path.join(migrationsFolder(), "0010_webchat_visitor.sql"),
      "utf8",
    );
    for (const step of migration.split("--> statement-breakpoint")) {
      const statement = step.replace(/^--.*$/gm, "").trim();
      if (statement.startsWith("UPDATE")) await server.database.executeSql(statement, []);
    }
    const [after] = await server.db.select().from(contacts).where(eq(contacts.id, legacy!.id));
    expect(after).toMatchObject({
      number: "",
      visitorId: legacyId,
      visitorConnectionId: s.webChat.id,
    });
  });
});

describe("a contact the chosen connection cannot reach", () => {
  it("no web-chat ticket for a contact who never used the widget; WhatsApp is offered instead", async () => {
    const s = await site();
    const contact = (
      await request(server, s.as.admin, "POST", "/contacts", { name: "Bruno", number: phone() })
    ).json();

    const refused = await request(server, s.as.member, "POST", "/tickets", {
      contactId: contact.id,
      queueId: s.queue.id,
      whatsappId: s.webChat.id,
      status: "open",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("ERR_CONTACT_UNREACHABLE");
    expect(await server.db.select().from(tickets).where(eq(tickets.contactId, contact.id))).toEqual(
      [],
    );

    const onWhatsApp = await request(server, s.as.member, "POST", "/tickets", {
      contactId: contact.id,
      queueId: s.queue.id,
      whatsappId: s.whatsApp.id,
      status: "open",
    });
    expect(onWhatsApp.statusCode).toBe(201);
  });

  it("a message to such a contact is refused and nothing is stored (no tick for nothing)", async () => {
    const s = await site();
    const contact = (
      await request(server, s.as.admin, "POST", "/contacts", { name: "Carla", number: phone() })
    ).json();
    // A web-chat ticket made before the rule (or by an import): the agent tries to write.
    const [ticket] = await server.db
      .insert(tickets)
      .values({
        companyId: s.company.id,
        protocol: Date.now() % 1_000_000,
        status: "open",
        contactId: contact.id,
        connectionId: s.webChat.id,
        userId: s.member.id,
        queueId: s.queue.id,
        channelType: "WEB_CHAT",
      })
      .returning();
    const res = await request(server, s.as.member, "POST", `/messages/${ticket!.id}`, {
      body: "Olá, Carla",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_CONTACT_UNREACHABLE");
    expect(
      await server.db.select().from(messages).where(eq(messages.ticketId, ticket!.id)),
    ).toEqual([]);
  });

  it("a visitor who wrote is reached on their web chat only", async () => {
    const s = await site();
    const chat = await startChat(s.webChat.uuid, { name: "Dora" });
    await visitorSays(s.webChat.uuid, chat.json().token, "Oi");
    const dora = (await request(server, s.as.admin, "GET", "/contacts/?searchParam=Dora")).json()
      .contacts[0];
    const [open] = await server.db.select().from(tickets).where(eq(tickets.contactId, dora.id));
    await request(server, s.as.member, "PUT", `/tickets/${open!.id}`, { action: "accept" });
    const reply = await request(server, s.as.member, "POST", `/messages/${open!.id}`, {
      body: "Olá, Dora",
    });
    expect(reply.statusCode).toBe(201);

    // No phone: WhatsApp cannot reach her either.
    await request(server, s.as.member, "PUT", `/tickets/${open!.id}`, { action: "finished" });
    const whatsApp = await request(server, s.as.admin, "POST", "/tickets", {
      contactId: dora.id,
      whatsappId: s.whatsApp.id,
      status: "open",
    });
    expect(whatsApp.statusCode).toBe(400);
    expect(whatsApp.json().error).toBe("ERR_CONTACT_UNREACHABLE");
  });
});
