import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, messages, schedules, tickets } from "../src/db/schema/index.js";
import { multipart, pdf } from "./admin-helpers.js";
import {
  collect,
  connect,
  createConnection,
  eventually,
  inbound,
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

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/** A company with a web-chat connection (default) and a contact. */
async function setup() {
  const s = await seedCompany(server);
  const connection = await createConnection(server, s.company.id);
  const [contact] = await server.db
    .insert(contacts)
    .values({ companyId: s.company.id, name: `Cliente ${uid()}`, number: `wc-${uid()}` })
    .returning();
  return { ...s, connection, contact: contact! };
}

const scheduleRow = async (id: number) =>
  (await server.db.select().from(schedules).where(eq(schedules.id, id)))[0]!;

const statusOf = async (id: number) => (await scheduleRow(id)).status;

const messagesOf = (ticketId: number) =>
  server.db.select().from(messages).where(eq(messages.ticketId, ticketId));

describe("schedules: validation and access", () => {
  it("requires contact and a future send time ('Obrigatório'); refs must be the company's", async () => {
    const s = await setup();
    const other = await setup();
    const empty = await request(server, s.as.member, "POST", "/schedules", { body: "oi" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ contactId: "Obrigatório", sendAt: "Obrigatório" });
    const blank = await request(server, s.as.member, "POST", "/schedules", {
      contactId: s.contact.id,
      sendAt: "",
    });
    expect(blank.json().fields).toEqual({ sendAt: "Obrigatório" });
    const past = await request(server, s.as.member, "POST", "/schedules", {
      contactId: s.contact.id,
      sendAt: inSeconds(-60),
    });
    expect(past.json().fields).toEqual({ sendAt: "A data de envio deve ser futura" });
    const foreign = await request(server, s.as.member, "POST", "/schedules", {
      contactId: other.contact.id,
      sendAt: inSeconds(3600),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ERR_NO_CONTACT_FOUND");
    const foreignConnection = await request(server, s.as.member, "POST", "/schedules", {
      contactId: s.contact.id,
      sendAt: inSeconds(3600),
      whatsappId: other.connection.id,
    });
    expect(foreignConnection.json().error).toBe("ERR_NO_WAPP_FOUND");
    const onBehalf = await request(server, s.as.member, "POST", "/schedules", {
      contactId: s.contact.id,
      sendAt: inSeconds(3600),
      userId: s.outsider.id,
    });
    expect(onBehalf.statusCode).toBe(403);
  });

  it("lists the company's schedules with their contact; the author or an admin edits; others 404", async () => {
    const s = await setup();
    const other = await setup();
    const mine = await connect(server, s.as.outsider.token);
    const theirs = await connect(server, other.as.admin.token);
    let created;
    try {
      const event = nextEvent<{ action: string; schedule: { id: number } }>(
        mine,
        `company-${s.company.id}-schedule`,
      );
      const leak = collect(server, theirs, `company-${s.company.id}-schedule`, event);
      created = await request(server, s.as.member, "POST", "/schedules", {
        contactId: s.contact.id,
        body: "Lembrete da sua consulta amanhã",
        sendAt: inSeconds(3600),
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        status: "PENDENTE",
        messageType: "MESSAGE",
        openTicket: false,
        userId: s.member.id,
        contact: { id: s.contact.id, name: s.contact.name },
        sentAt: null,
      });
      expect(await event).toMatchObject({ action: "create", schedule: { id: created.json().id } });
      expect(await leak).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
    const id = created.json().id;
    const list = (
      await request(server, s.as.outsider, "GET", "/schedules/?searchParam=consulta")
    ).json();
    expect(list.schedules.map((x: { id: number }) => x.id)).toEqual([id]);
    expect(list.hasMore).toBe(false);
    expect(
      (await request(server, s.as.outsider, "GET", `/schedules/?contactId=${s.contact.id}`)).json()
        .schedules,
    ).toHaveLength(1);
    expect((await request(server, other.as.admin, "GET", "/schedules/")).json().schedules).toEqual(
      [],
    );
    expect((await request(server, other.as.admin, "GET", `/schedules/${id}`)).statusCode).toBe(404);

    const edit = { contactId: s.contact.id, body: "Novo texto", sendAt: inSeconds(7200) };
    expect((await request(server, s.as.outsider, "PUT", `/schedules/${id}`, edit)).statusCode).toBe(
      403,
    );
    expect(
      (await request(server, other.as.admin, "PUT", `/schedules/${id}`, edit)).statusCode,
    ).toBe(404);
    expect(
      (await request(server, s.as.admin, "PUT", `/schedules/${id}`, edit)).json(),
    ).toMatchObject({
      body: "Novo texto",
      userId: s.member.id,
    });
    expect((await request(server, s.as.outsider, "DELETE", `/schedules/${id}`)).statusCode).toBe(
      403,
    );
    expect((await request(server, other.as.admin, "DELETE", `/schedules/${id}`)).statusCode).toBe(
      404,
    );
    expect((await request(server, s.as.member, "DELETE", `/schedules/${id}`)).statusCode).toBe(204);
  });
});

describe("schedules: sending (pg-boss job)", () => {
  it("sends when due: ENVIADA, the message (with its file) in a ticket opened for the author", async () => {
    const s = await setup();
    const created = (
      await request(server, s.as.member, "POST", "/schedules", {
        contactId: s.contact.id,
        body: "Olá {nome}, seu pedido saiu!",
        sendAt: inSeconds(2),
        openTicket: true,
        queueId: s.queue.id,
      })
    ).json();
    const upload = await multipart(server, s.as.member, "POST", `/schedules/${created.id}/upload`, {
      files: [pdf],
    });
    expect(upload.json()).toMatchObject({
      messageType: "FILE_AND_MESSAGE",
      file: { name: "doc.pdf" },
    });

    await eventually(async () => (await statusOf(created.id)) === "ENVIADA", 10_000);
    const row = await scheduleRow(created.id);
    expect(row.sentAt).not.toBeNull();
    const [ticket] = await server.db.select().from(tickets).where(eq(tickets.id, row.ticketId!));
    expect(ticket).toMatchObject({
      status: "open",
      userId: s.member.id,
      queueId: s.queue.id,
      connectionId: s.connection.id,
    });
    const sent = await messagesOf(ticket!.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      body: `Olá ${s.contact.name}, seu pedido saiu!`,
      fromMe: true,
      senderId: s.member.id,
      mediaType: "document",
      fileId: row.fileId,
    });
    // The web-chat adapter delivered it (ack ≥ 1).
    await eventually(async () => ((await messagesOf(ticket!.id))[0]?.ack ?? 0) >= 1, 5000);

    const again = await request(server, s.as.member, "PUT", `/schedules/${created.id}`, {
      contactId: s.contact.id,
      body: "mudou",
      sendAt: inSeconds(60),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_SCHEDULE_ALREADY_SENT");
    expect(
      (await request(server, s.as.member, "DELETE", `/schedules/${created.id}/upload`)).statusCode,
    ).toBe(409);
    // Deleting the sent schedule keeps the conversation's file.
    expect(
      (await request(server, s.as.member, "DELETE", `/schedules/${created.id}`)).statusCode,
    ).toBe(204);
    expect((await messagesOf(ticket!.id))[0]!.fileId).toBe(row.fileId);
  });

  it("openTicket takes a waiting ticket for the author but leaves one another agent holds", async () => {
    const s = await setup();
    const waiting = (await inbound(server, s.connection, { number: `wc-${uid()}`, body: "oi" }))
      .ticket;
    const held = (await inbound(server, s.connection, { number: `wc-${uid()}`, body: "oi" }))
      .ticket;
    await server.db
      .update(tickets)
      .set({ status: "open", userId: s.admin.id })
      .where(eq(tickets.id, held.id));
    const ids = [];
    for (const ticket of [waiting, held]) {
      const created = await request(server, s.as.member, "POST", "/schedules", {
        contactId: ticket.contactId,
        body: "retorno",
        sendAt: inSeconds(1),
        openTicket: true,
      });
      ids.push(created.json().id);
    }
    for (const id of ids) {
      await eventually(async () => (await statusOf(id)) === "ENVIADA", 10_000);
    }
    const after = async (id: number) =>
      (await server.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
    expect(await after(waiting.id)).toMatchObject({ status: "open", userId: s.member.id });
    expect(await after(held.id)).toMatchObject({ status: "open", userId: s.admin.id });
    expect((await scheduleRow(ids[1]!)).ticketId).toBe(held.id);
    expect((await messagesOf(held.id)).map((m) => m.body)).toEqual(["oi", "retorno"]);
  });

  it("without openTicket the message is recorded in a closed ticket, nobody's list grows", async () => {
    const s = await setup();
    const created = (
      await request(server, s.as.member, "POST", "/schedules", {
        contactId: s.contact.id,
        body: "Feliz aniversário!",
        sendAt: inSeconds(1.5),
      })
    ).json();
    await eventually(async () => (await statusOf(created.id)) === "ENVIADA", 10_000);
    const row = await scheduleRow(created.id);
    const [ticket] = await server.db.select().from(tickets).where(eq(tickets.id, row.ticketId!));
    expect(ticket!.status).toBe("closed");
    expect((await messagesOf(ticket!.id)).map((m) => m.body)).toEqual(["Feliz aniversário!"]);
  });

  it("an edit moves the job: the new time is honoured and the message is sent once", async () => {
    const s = await setup();
    const created = (
      await request(server, s.as.member, "POST", "/schedules", {
        contactId: s.contact.id,
        body: "primeiro horário",
        sendAt: inSeconds(3600),
      })
    ).json();
    const firstJob = (await scheduleRow(created.id)).jobId;
    expect(firstJob).toBeTruthy();
    await request(server, s.as.member, "PUT", `/schedules/${created.id}`, {
      contactId: s.contact.id,
      body: "novo horário",
      sendAt: inSeconds(1.5),
    });
    expect((await scheduleRow(created.id)).jobId).not.toBe(firstJob);
    const { rows } = await server.database.executeSql(
      "select state from pgboss.job where id = $1",
      [firstJob],
    );
    expect(rows).toEqual([{ state: "cancelled" }]);
    await eventually(async () => (await statusOf(created.id)) === "ENVIADA", 10_000);
    const row = await scheduleRow(created.id);
    expect((await messagesOf(row.ticketId!)).map((m) => m.body)).toEqual(["novo horário"]);
  });

  it("a schedule missed while the server was down is sent by the startup recovery, once", async () => {
    const s = await setup();
    const [missed] = await server.db
      .insert(schedules)
      .values({
        companyId: s.company.id,
        contactId: s.contact.id,
        userId: s.member.id,
        body: "enviada depois",
        sendAt: new Date(Date.now() - 10 * 60_000),
        status: "PENDENTE",
      })
      .returning();
    // The positive control: meanwhile, a schedule due now through the API (another contact of
    // the company) is sent by its job; the missed one, without a job, is still pending.
    const [other] = await server.db
      .insert(contacts)
      .values({ companyId: s.company.id, name: `Outro ${uid()}`, number: `wc-${uid()}` })
      .returning();
    const control = await request(server, s.as.member, "POST", "/schedules", {
      contactId: other!.id,
      body: "controle",
      sendAt: inSeconds(0.5),
    });
    await eventually(async () => (await statusOf(control.json().id)) === "ENVIADA", 10_000);
    expect(await statusOf(missed!.id)).toBe("PENDENTE");
    await server.ctx.services.schedules.recoverPending();
    await server.ctx.services.schedules.recoverPending();
    await eventually(async () => (await statusOf(missed!.id)) === "ENVIADA", 10_000);
    // Nothing is queued again once sent, and every job of the schedule has finished: none is
    // left to send it a second time.
    expect(await server.ctx.services.schedules.recoverPending()).toBe(0);
    await eventually(async () => {
      const { rows } = await server.database.executeSql(
        "select id from pgboss.job where singleton_key = $1 and state in ('created', 'retry', 'active')",
        [`schedule-${missed!.id}`],
      );
      return rows.length === 0;
    }, 10_000);
    const row = await scheduleRow(missed!.id);
    expect((await messagesOf(row.ticketId!)).map((m) => m.body)).toEqual(["enviada depois"]);
  });

  it("a connection that cannot send ends in ERRO with the error text; editing retries it", async () => {
    const s = await setup();
    const baileys = await createConnection(server, s.company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
      isDefault: false,
    });
    const created = (
      await request(server, s.as.member, "POST", "/schedules", {
        contactId: s.contact.id,
        body: "não vai",
        sendAt: inSeconds(1),
        whatsappId: baileys.id,
      })
    ).json();
    await eventually(async () => (await statusOf(created.id)) === "ERRO", 10_000);
    const failed = (await request(server, s.as.member, "GET", `/schedules/${created.id}`)).json();
    expect(failed).toMatchObject({ status: "ERRO", sentAt: null, ticketId: null });
    expect(failed.error).toMatch(/^ERR_WAPP_NOT_INITIALIZED/);

    // Edited to the web-chat connection and a new time, it goes back to PENDENTE and is sent.
    const retried = await request(server, s.as.member, "PUT", `/schedules/${created.id}`, {
      contactId: s.contact.id,
      body: "agora vai",
      sendAt: inSeconds(1),
      whatsappId: s.connection.id,
    });
    expect(retried.json()).toMatchObject({ status: "PENDENTE", error: null });
    await eventually(async () => (await statusOf(created.id)) === "ENVIADA", 10_000);
  });
});
