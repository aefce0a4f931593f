import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionQueues, messages, ticketNotes, tickets } from "../src/db/schema/index.js";
import { multipart } from "./admin-helpers.js";
import {
  createConnection,
  request,
  seedCompany,
  setSetting,
  startTestServer,
  uid,
  visitorSession,
  visitorSocket,
  type Session,
  type TestServer,
} from "./harness.js";

/**
 * A user of another company, and a visitor of another connection, against one company's
 * conversation: its messages, notes, files and web chat. Every refusal is paired with the
 * owner's own call succeeding, so a route that refuses everyone cannot pass.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ listen: true });
});
afterAll(async () => server?.close());

const visitorSays = (uuid: string, token: string, body: string) =>
  server.app.inject({
    method: "POST",
    url: `/webchat/${uuid}/messages`,
    headers: { authorization: `Bearer ${token}` },
    payload: { body, clientId: uid() },
  });

const visitorHistory = async (uuid: string, token: string) => {
  const res = await server.app.inject({
    method: "GET",
    url: `/webchat/${uuid}/messages`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().messages as { body: string }[]).map((m) => m.body);
};

/** A company whose web-chat visitor wrote; its agent accepted, replied, attached a file, noted. */
async function company(label: string) {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id);
  await server.db
    .insert(connectionQueues)
    .values({ connectionId: connection.id, queueId: seed.queue.id, companyId: seed.company.id });
  const visitorToken = await visitorSession(server, connection.uuid, `Visitante ${label}`);
  expect((await visitorSays(connection.uuid, visitorToken, `Oi de ${label}`)).statusCode).toBe(201);
  const list = await request(server, seed.as.admin, "GET", "/tickets?status=pending&showAll=true");
  const ticket = list.json().tickets[0] as { id: number; contactId: number };
  await request(server, seed.as.member, "PUT", `/tickets/${ticket.id}`, { action: "accept" });
  const reply = await request(server, seed.as.member, "POST", `/messages/${ticket.id}`, {
    body: `Resposta de ${label}`,
  });
  expect(reply.statusCode).toBe(201);
  const upload = await multipart(server, seed.as.member, "POST", `/messages/${ticket.id}`, {
    fields: { body: "contrato.pdf" },
    files: [{ field: "medias", filename: "contrato.pdf", type: "application/pdf", data: label }],
  });
  expect(upload.statusCode).toBe(201);
  const note = await request(server, seed.as.member, "POST", "/ticket-notes", {
    note: `Nota de ${label}`,
    contactId: ticket.contactId,
    ticketId: ticket.id,
  });
  expect(note.statusCode).toBe(201);
  return {
    ...seed,
    connection,
    visitorToken,
    ticket,
    message: reply.json().messages[0] as { id: number },
    file: upload.json().messages[0] as { id: number; mediaUrl: string },
    note: note.json() as { id: number },
  };
}

const messageBodies = async (ticketId: number) =>
  (
    await server.db
      .select({ body: messages.body, isDeleted: messages.isDeleted })
      .from(messages)
      .where(eq(messages.ticketId, ticketId))
      // Stored order: without it PostgreSQL answers in heap order, which an ack's update moves.
      .orderBy(messages.id)
  ).map((m) => (m.isDeleted ? `(deleted) ${m.body}` : m.body));

const ticketIdsOf = async (companyId: number) =>
  (
    await server.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.companyId, companyId))
      .orderBy(tickets.id)
  ).map((t) => t.id);

let a: Awaited<ReturnType<typeof company>>;
let b: Awaited<ReturnType<typeof company>>;
beforeAll(async () => {
  a = await company("A");
  b = await company("B");
});

describe("/messages/:ticketId as a user of another company", () => {
  const strangers = (): [string, Session][] => [
    ["admin", b.as.admin],
    ["member", b.as.member],
  ];

  it("reads nothing: the ticket is not found; the owner reads it", async () => {
    for (const [who, session] of strangers()) {
      const res = await request(server, session, "GET", `/messages/${a.ticket.id}`);
      expect([who, res.statusCode, res.json().error]).toEqual([who, 404, "ERR_NO_TICKET_FOUND"]);
      expect(res.body).not.toContain("Resposta de A");
    }
    const own = await request(server, a.as.member, "GET", `/messages/${a.ticket.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().messages.map((m: { body: string }) => m.body)).toContain("Resposta de A");
  });

  it("sends nothing, as text or as a file, and marks nothing read", async () => {
    const before = await messageBodies(a.ticket.id);
    for (const [who, session] of strangers()) {
      const text = await request(server, session, "POST", `/messages/${a.ticket.id}`, {
        body: "intruso",
      });
      expect([who, text.statusCode, text.json().error]).toEqual([who, 404, "ERR_NO_TICKET_FOUND"]);
      const file = await multipart(server, session, "POST", `/messages/${a.ticket.id}`, {
        fields: { body: "x.pdf" },
        files: [{ field: "medias", filename: "x.pdf", type: "application/pdf", data: "x" }],
      });
      expect([who, file.statusCode]).toEqual([who, 404]);
      const read = await request(server, session, "POST", `/messages/${a.ticket.id}/read`);
      expect([who, read.statusCode]).toEqual([who, 404]);
    }
    expect(await messageBodies(a.ticket.id)).toEqual(before);
    // The owner's send goes through the same route.
    const own = await request(server, a.as.member, "POST", `/messages/${a.ticket.id}`, {
      body: "do dono",
    });
    expect(own.statusCode).toBe(201);
    expect(await messageBodies(a.ticket.id)).toEqual([...before, "do dono"]);
  });

  it("deletes nothing; the author deletes their own message", async () => {
    for (const [who, session] of strangers()) {
      const res = await request(server, session, "DELETE", `/messages/${a.message.id}`);
      expect([who, res.statusCode]).toEqual([who, 404]);
    }
    expect(await messageBodies(a.ticket.id)).toContain("Resposta de A");
    const own = await request(server, a.as.member, "DELETE", `/messages/${b.message.id}`);
    expect(own.statusCode).toBe(404);
    const ownDelete = await request(server, b.as.member, "DELETE", `/messages/${b.message.id}`);
    expect(ownDelete.statusCode).toBe(204);
    expect(await messageBodies(b.ticket.id)).toContain("(deleted) Resposta de B");
  });
});

describe("/ticket-notes as a user of another company", () => {
  const notesOf = async (contactId: number) =>
    (
      await server.db
        .select({ note: ticketNotes.note })
        .from(ticketNotes)
        .where(eq(ticketNotes.contactId, contactId))
    ).map((n) => n.note);

  it("lists none of the company's notes; the owner lists them", async () => {
    for (const session of [b.as.admin, b.as.member]) {
      const byContact = await request(
        server,
        session,
        "GET",
        `/ticket-notes/list?contactId=${a.ticket.contactId}`,
      );
      expect(byContact.statusCode).toBe(404);
      expect(byContact.body).not.toContain("Nota de A");
      // Their own contact with the other company's ticket: refused, not a mix.
      const mixed = await request(
        server,
        session,
        "GET",
        `/ticket-notes/list?contactId=${b.ticket.contactId}&ticketId=${a.ticket.id}`,
      );
      expect(mixed.statusCode).toBe(404);
      expect(mixed.body).not.toContain("Nota de A");
    }
    const own = await request(
      server,
      a.as.member,
      "GET",
      `/ticket-notes/list?contactId=${a.ticket.contactId}&ticketId=${a.ticket.id}`,
    );
    expect(own.json().map((n: { note: string }) => n.note)).toEqual(["Nota de A"]);
  });

  it("writes no note on the company's contact or ticket, and deletes none", async () => {
    for (const body of [
      { note: "Nota intrusa", contactId: a.ticket.contactId },
      { note: "Nota intrusa", contactId: a.ticket.contactId, ticketId: a.ticket.id },
      { note: "Nota intrusa", contactId: b.ticket.contactId, ticketId: a.ticket.id },
    ]) {
      const res = await request(server, b.as.admin, "POST", "/ticket-notes", body);
      expect(res.statusCode).toBe(404);
    }
    const del = await request(server, b.as.admin, "DELETE", `/ticket-notes/${a.note.id}`);
    expect(del.statusCode).toBe(404);
    expect(await notesOf(a.ticket.contactId)).toEqual(["Nota de A"]);
    expect(await notesOf(b.ticket.contactId)).toEqual(["Nota de B"]);
  });
});

describe("/files/:id across companies", () => {
  const get = (url: string) => server.app.inject({ method: "GET", url });
  const idOf = (url: string) => Number(/\/files\/(\d+)/.exec(url)![1]);

  it("a company's signed link does not open another company's file by its id", async () => {
    // Each signed link opens its own file (the signature is the credential)…
    expect((await get(a.file.mediaUrl)).body).toBe("A");
    expect((await get(b.file.mediaUrl)).body).toBe("B");
    // …and B's signature on A's id, or with another expiry, opens nothing.
    const aId = idOf(a.file.mediaUrl);
    const swapped = await get(b.file.mediaUrl.replace(/\/files\/\d+/, `/files/${aId}`));
    expect(swapped.statusCode).toBe(403);
    expect(swapped.body).not.toBe("A");
    const longer = await get(b.file.mediaUrl.replace(/exp=(\d+)/, (_, e) => `exp=${+e + 3600}`));
    expect(longer.statusCode).toBe(403);
    const bare = await get(`/files/${aId}`);
    expect(bare.statusCode).toBe(400);
  });

  it("no route hands a user of another company a link to the file", async () => {
    const res = await request(server, b.as.admin, "GET", `/messages/${a.ticket.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(`/files/${idOf(a.file.mediaUrl)}?`);
  });
});

describe("web chat with another connection's visitor token", () => {
  it("reads only the token's own conversation, never the other connection's", async () => {
    const onB = await visitorHistory(b.connection.uuid, a.visitorToken);
    expect(onB).toContain("Oi de A");
    expect(onB.join(" ")).not.toMatch(/de B/);
    expect(await visitorHistory(b.connection.uuid, b.visitorToken)).toContain("Oi de B");
  });

  it("writes nothing into the other connection's company", async () => {
    const before = await messageBodies(b.ticket.id);
    const bTicketsBefore = await ticketIdsOf(b.company.id);
    const res = await visitorSays(b.connection.uuid, a.visitorToken, "Mensagem cruzada");
    // The token, not the address, names the conversation: the text lands in A's own ticket.
    expect(res.statusCode).toBe(201);
    expect(await messageBodies(a.ticket.id)).toContain("Mensagem cruzada");
    // Company B gains no message (in any ticket) and no ticket, whatever its status.
    expect(await messageBodies(b.ticket.id)).toEqual(before);
    const inB = await server.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.companyId, b.company.id), eq(messages.body, "Mensagem cruzada")));
    expect(inB).toEqual([]);
    expect(await ticketIdsOf(b.company.id)).toEqual(bTicketsBefore);
    for (const status of ["pending", "open", "closed"]) {
      const list = await request(
        server,
        b.as.admin,
        "GET",
        `/tickets?showAll=true&status=${status}`,
      );
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain("Mensagem cruzada");
    }
  });

  it("identifying on another connection starts a new visitor there, not the token's contact", async () => {
    const token = await visitorSession(
      server,
      b.connection.uuid,
      "Visitante cruzado",
      a.visitorToken,
    );
    expect(token).not.toBe(a.visitorToken);
    expect(await visitorHistory(b.connection.uuid, token)).toEqual([]);
  });

  it("the visitor socket receives only its own conversation's replies", async () => {
    const visitorA = await visitorSocket(server, a.visitorToken);
    const visitorB = await visitorSocket(server, b.visitorToken);
    try {
      const seenByA: string[] = [];
      visitorA.on("message", (m: { body: string }) => seenByA.push(m.body));
      const toB = new Promise<string>((resolve) =>
        visitorB.on("message", (m: { body: string }) => {
          if (m.body === "Só para B") resolve(m.body);
        }),
      );
      const toA = new Promise<string>((resolve) =>
        visitorA.on("message", (m: { body: string }) => {
          if (m.body === "Só para A") resolve(m.body);
        }),
      );
      await request(server, b.as.member, "POST", `/messages/${b.ticket.id}`, {
        body: "Só para B",
      });
      // B's visitor gets B's reply (the positive control); then A's own reply reaches A, after
      // B's was published, so had B's reached A it would already be listed.
      expect(await toB).toBe("Só para B");
      await request(server, a.as.member, "POST", `/messages/${a.ticket.id}`, {
        body: "Só para A",
      });
      expect(await toA).toBe("Só para A");
      expect(seenByA).not.toContain("Só para B");
    } finally {
      visitorA.close();
      visitorB.close();
    }
  });
});

describe("campaigns and contact lists as an admin of another company", () => {
  /** An admin's company with campaigns on, a list with one item and a scheduled campaign. */
  async function campaignCompany() {
    const seed = await seedCompany(server);
    await setSetting(server.db, seed.company.id, "campaignsEnabled", "true");
    const connection = await createConnection(server, seed.company.id);
    const list = (
      await request(server, seed.as.admin, "POST", "/contact-lists", { name: "Lista" })
    ).json() as { id: number };
    const item = (
      await request(server, seed.as.admin, "POST", "/contact-list-items", {
        contactListId: list.id,
        name: "Ana",
        number: `55119${Date.now() % 1e8}`,
      })
    ).json() as { id: number };
    const campaign = (
      await request(server, seed.as.admin, "POST", "/campaigns", {
        name: "Campanha",
        whatsappId: connection.id,
        contactListId: list.id,
        messages: ["Oi {nome}"],
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).json() as { id: number };
    return { ...seed, connection, list, item, campaign };
  }

  it("reaches none of the company's lists, items or campaigns; the owner does", async () => {
    const a = await campaignCompany();
    const b = await campaignCompany();
    const calls: [Parameters<typeof request>[2], string, unknown?][] = [
      ["GET", `/contact-lists/${a.list.id}`],
      ["PUT", `/contact-lists/${a.list.id}`, { name: "X" }],
      ["POST", `/contact-lists/${a.list.id}/validate`, { whatsappId: b.connection.id }],
      ["GET", `/contact-list-items?contactListId=${a.list.id}`],
      [
        "POST",
        "/contact-list-items",
        { contactListId: a.list.id, name: "X", number: "5511911112222" },
      ],
      ["PUT", `/contact-list-items/${a.item.id}`, { name: "X", number: "5511911112222" }],
      ["DELETE", `/contact-list-items/${a.item.id}`],
      ["GET", `/campaigns/${a.campaign.id}`],
      ["GET", `/campaigns/${a.campaign.id}/shipments`],
      ["POST", `/campaigns/${a.campaign.id}/pause`],
      ["POST", `/campaigns/${a.campaign.id}/resume`],
      ["POST", `/campaigns/${a.campaign.id}/cancel`],
      ["POST", `/campaigns/${a.campaign.id}/duplicate`],
      ["DELETE", `/campaigns/${a.campaign.id}/upload`],
      ["DELETE", `/campaigns/${a.campaign.id}`],
      ["DELETE", `/contact-lists/${a.list.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await request(server, b.as.admin, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const lists = await request(server, b.as.admin, "GET", "/contact-lists/list");
    expect(lists.json()).toEqual([{ id: b.list.id, name: "Lista" }]);
    const campaigns = await request(server, b.as.admin, "GET", "/campaigns/");
    expect(campaigns.json().records.map((c: { id: number }) => c.id)).toEqual([b.campaign.id]);
    // Untouched: the owner still sees the list with its item and the scheduled campaign.
    const own = await request(server, a.as.admin, "GET", `/campaigns/${a.campaign.id}`);
    expect(own.json()).toMatchObject({ status: "PROGRAMADA", name: "Campanha" });
    const ownList = await request(server, a.as.admin, "GET", `/contact-lists/${a.list.id}`);
    expect(ownList.json()).toMatchObject({ name: "Lista", itemsCount: 1 });
  });

  it("a campaign cannot use another company's connection, list or tag", async () => {
    const a = await campaignCompany();
    const b = await campaignCompany();
    const tag = (await request(server, a.as.admin, "POST", "/tags", { name: "vip" })).json();
    const base = {
      name: "Intrusa",
      whatsappId: b.connection.id,
      contactListId: b.list.id,
      messages: ["Oi"],
    };
    for (const [patch, code] of [
      [{ whatsappId: a.connection.id }, "ERR_NO_WAPP_FOUND"],
      [{ contactListId: a.list.id }, "ERR_NO_CONTACT_LIST_FOUND"],
      [{ contactListId: null, tagId: tag.id }, "ERR_NO_TAG_FOUND"],
    ] as const) {
      const res = await request(server, b.as.admin, "POST", "/campaigns", { ...base, ...patch });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(code);
    }
  });
});
