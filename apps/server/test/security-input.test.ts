import { and, eq } from "drizzle-orm";
import { errorCatalogue, TEXT_MAX } from "@atrium/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, contacts, messages } from "../src/db/schema/index.js";
import { multipart, png, seedWithSuper } from "./admin-helpers.js";
import { META_APP_SECRET, postWebhook, whatsappPayload } from "./fake-graph.js";
import { HUGE, multipartBody, nestedJson } from "./fuzz-inputs.js";
import {
  createConnection,
  createQueue,
  inbound,
  request,
  seedCompany,
  startTestServer,
  uid,
  type Session,
  type TestServer,
} from "./harness.js";

/**
 * Hostile input, family by family (issue #11 item 5): each answers 400/404/413 with a code of
 * the catalogue, never 500, and leaves what is stored as it was. A customer's message (web-chat
 * visitor, Meta, WhatsApp) is never refused for a NUL character: it is dropped.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    config: { META_APP_SECRET, GRAPH_API_URL: "http://127.0.0.1:9" },
  });
});
afterAll(async () => server?.close());

type Res = Awaited<ReturnType<typeof request>>;

/** A 4xx in the error format, with a catalogued code. */
function expectRefused(res: Res, status: number, code: keyof typeof errorCatalogue) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ error: code, message: expect.any(String) });
  expect(Object.hasOwn(errorCatalogue, body.error)).toBe(true);
}

function raw(
  session: Session | null,
  method: "POST" | "PUT",
  url: string,
  body: { contentType?: string; payload: string | Buffer },
) {
  return server.app.inject({
    method,
    url,
    headers: {
      ...(session && { authorization: `Bearer ${session.token}` }),
      ...(body.contentType && { "content-type": body.contentType }),
    },
    payload: body.payload,
  });
}

async function contactOf(session: Session) {
  const res = await request(server, session, "POST", "/contacts", {
    name: "Ana Lima",
    number: `55119${Date.now().toString().slice(-8)}`,
    email: "ana@example.com",
    extraInfo: [{ name: "Plano", value: "Ouro" }],
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string; email: string };
}

describe("a NUL byte", () => {
  it("in one field of a PUT answers 400 ERR_VALIDATION naming the field; the contact is unchanged", async () => {
    const s = await seedCompany(server);
    const contact = await contactOf(s.as.admin);
    const before = (await request(server, s.as.admin, "GET", `/contacts/${contact.id}`)).json();
    for (const change of [
      { name: "Ana\u0000Maria" },
      { email: "ana\u0000@example.com" },
      { extraInfo: [{ name: "Plano", value: "Prata\u0000" }] },
    ]) {
      const res = await request(server, s.as.admin, "PUT", `/contacts/${contact.id}`, {
        name: "Ana Lima",
        number: before.number,
        ...change,
      });
      expectRefused(res, 400, "ERR_VALIDATION");
      expect(Object.keys(res.json().fields ?? {}).join()).toMatch(
        Object.keys(change)[0] === "extraInfo" ? /extraInfo/ : new RegExp(Object.keys(change)[0]!),
      );
    }
    const after = (await request(server, s.as.admin, "GET", `/contacts/${contact.id}`)).json();
    expect(after).toEqual(before);
  });

  it("in a query, a path or a key answers 400, never 500", async () => {
    const s = await seedCompany(server);
    for (const url of [
      "/contacts/?searchParam=ana%00",
      "/tags/?searchParam=%00",
      "/tickets?searchParam=a%00b",
      "/settings/%00",
      "/users/?searchParam=%00",
    ]) {
      expectRefused(await request(server, s.as.admin, "GET", url), 400, "ERR_VALIDATION");
    }
  });

  it("in a new tag's name creates nothing", async () => {
    const s = await seedCompany(server);
    const res = await request(server, s.as.admin, "POST", "/tags", { name: "vip\u0000" });
    expectRefused(res, 400, "ERR_VALIDATION");
    expect((await request(server, s.as.admin, "GET", "/tags/list")).json()).toEqual([]);
  });

  it("in a multipart field or file name answers 400; nothing is created or attached", async () => {
    const s = await seedCompany(server);
    const field = await multipart(server, s.as.admin, "POST", "/queue-options", {
      fields: { title: "Ven\u0000das", queueId: s.queue.id },
    });
    expectRefused(field, 400, "ERR_VALIDATION");
    const options = await request(
      server,
      s.as.admin,
      "GET",
      `/queue-options?queueId=${s.queue.id}`,
    );
    expect(options.json()).toEqual([]);

    const created = await request(server, s.as.admin, "POST", "/quick-messages", {
      shortcode: `oi${uid()}`,
      message: "",
    });
    expect(created.statusCode).toBe(201);
    const quick = created.json();
    expect(quick.id).toEqual(expect.any(Number));
    const upload = await multipart(
      server,
      s.as.admin,
      "POST",
      `/quick-messages/${quick.id}/upload`,
      {
        files: [{ ...png, filename: "pic\u0000.png" }],
      },
    );
    expectRefused(upload, 400, "ERR_VALIDATION");
    const after = await request(server, s.as.admin, "GET", `/quick-messages/${quick.id}`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ id: quick.id, fileId: null, file: null });
  });

  it("from an anonymous web-chat visitor: refused in the session form, dropped from the message", async () => {
    const s = await seedCompany(server);
    const site = await createConnection(server, s.company.id);
    const refused = await request(server, null, "POST", `/webchat/${site.uuid}/session`, {
      name: "Vi\u0000sitor",
    });
    expectRefused(refused, 400, "ERR_VALIDATION");
    const session = await request(server, null, "POST", `/webchat/${site.uuid}/session`, {
      name: "Visitor",
    });
    const token = session.json().token as string;
    const sent = await server.app.inject({
      method: "POST",
      url: `/webchat/${site.uuid}/messages`,
      headers: { authorization: `Bearer ${token}` },
      payload: { body: "olá\u0000 tudo bem", clientId: `c${uid()}` },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message.body).toBe("olá tudo bem");
    const stored = await server.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.connectionId, site.id));
    expect(stored.map((m) => m.body)).toEqual(["olá tudo bem"]);
  });

  it("from WhatsApp (inbound pipeline) and Meta's webhook: stored without it, never refused", async () => {
    const s = await seedCompany(server);
    const whatsapp = await createConnection(server, s.company.id, { channelType: "BAILEYS" });
    const number = `55119${Date.now().toString().slice(-8)}`;
    const result = await inbound(server, whatsapp, {
      number,
      name: "Jo\u0000ão",
      body: "bom\u0000 dia",
    });
    expect(result.message.body).toBe("bom dia");
    expect(result.contact.name).toBe("João");

    const phoneNumberId = `1555${Date.now().toString().slice(-7)}`;
    const cloud = await createConnection(server, s.company.id, {
      channelType: "WHATSAPP_BUSINESS",
      isDefault: false,
      config: { phoneNumberId, accessToken: "t" },
    });
    const res = await postWebhook(
      server,
      whatsappPayload(phoneNumberId, {
        contacts: [{ wa_id: "5511955554444", profile: { name: "Ma\u0000ria" } }],
        messages: [
          {
            from: "5511955554444",
            id: `wamid.${uid()}`,
            timestamp: "not a number",
            type: "text",
            text: { body: "pre\u0000ciso de ajuda" },
          },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await server.db
      .select({ body: messages.body, raw: messages.raw })
      .from(messages)
      .where(eq(messages.connectionId, cloud.id));
    expect(stored?.body).toBe("preciso de ajuda");
  });
});

describe("ids beyond int4 (2^31 and up)", () => {
  it("in a path answer 400 ERR_VALIDATION; the largest int4 that does not exist answers 404", async () => {
    const s = await seedCompany(server);
    for (const url of ["/contacts/2147483648", "/queue/99999999999", "/tickets/2147483648"]) {
      expectRefused(await request(server, s.as.admin, "GET", url), 400, "ERR_VALIDATION");
    }
    expectRefused(
      await request(server, s.as.admin, "GET", "/contacts/2147483647"),
      404,
      "ERR_NO_CONTACT_FOUND",
    );
  });

  it("in id lists and id fields answer 400 and change nothing", async () => {
    const s = await seedCompany(server);
    const contact = await contactOf(s.as.admin);
    const tag = (await request(server, s.as.admin, "POST", "/tags", { name: "cliente" })).json();
    await request(server, s.as.admin, "POST", "/tags/sync", {
      contactId: contact.id,
      tags: [tag.id],
    });

    const cases: [string, string, unknown][] = [
      ["POST", "/tags/sync", { contactId: contact.id, tags: [2147483648] }],
      ["POST", "/tags/sync", { contactId: contact.id, tags: [{ id: 4294967296 }] }],
      ["PUT", `/users/${s.member.id}`, { queueIds: [2147483648] }],
      ["POST", "/tickets", { contactId: contact.id, whatsappId: 2147483648 }],
      ["POST", "/ticket-notes", { contactId: 2147483648, note: "oi" }],
      ["GET", "/tickets?queueIds=%5B2147483648%5D", undefined],
      ["GET", "/tickets?tags=%5B%7B%22id%22%3A99999999999%7D%5D", undefined],
      ["GET", `/ticket-notes/list?contactId=${contact.id}&ticketId=2147483648`, undefined],
      ["GET", "/users/list?companyId=2147483648", undefined],
    ];
    for (const [method, url, body] of cases) {
      const res = await request(server, s.as.admin, method as "POST", url, body);
      expectRefused(res, 400, "ERR_VALIDATION");
    }
    const option = await multipart(server, s.as.admin, "POST", "/queue-options", {
      fields: { title: "Vendas", queueId: s.queue.id, option: "2147483648" },
    });
    expectRefused(option, 400, "ERR_VALIDATION");

    const tags = (await request(server, s.as.admin, "GET", `/contacts/${contact.id}`)).json().tags;
    expect(tags.map((t: { id: number }) => t.id)).toEqual([tag.id]);
    const member = (await request(server, s.as.admin, "GET", `/users/${s.member.id}`)).json();
    expect(member.queues.map((q: { id: number }) => q.id)).toEqual([s.queue.id]);
  });
});

describe("impossible dates", () => {
  it("in ticket and dashboard filters answer 400; a real leap day answers 200", async () => {
    const s = await seedCompany(server);
    for (const url of [
      "/tickets?date=2024-02-30",
      "/tickets?updatedAt=2023-02-29",
      "/tickets?date=0000-01-01",
      "/dashboard?date_from=2024-02-30",
    ]) {
      expectRefused(await request(server, s.as.admin, "GET", url), 400, "ERR_VALIDATION");
    }
    expect((await request(server, s.as.admin, "GET", "/tickets?date=2024-02-29")).statusCode).toBe(
      200,
    );
  });

  it("in a schedule's sendAt answer 400 and create nothing", async () => {
    const s = await seedCompany(server);
    const contact = await contactOf(s.as.admin);
    for (const sendAt of ["2099-02-30T10:00", "2099-01-01T25:00", "+275760-09-13T00:00:00.000Z"]) {
      const res = await request(server, s.as.admin, "POST", "/schedules", {
        contactId: contact.id,
        body: "lembrete",
        sendAt,
      });
      expectRefused(res, 400, "ERR_VALIDATION");
      expect(res.json().fields.sendAt).toBe("Data inválida");
    }
    expect((await request(server, s.as.admin, "GET", "/schedules/")).json().schedules).toEqual([]);
  });

  it("in a company's due date or payment request answer 400; the company is unchanged", async () => {
    const s = await seedWithSuper(server);
    const id = s.company.id;
    await server.db
      .update(companies)
      .set({ dueDate: "2030-01-10", lastSendPaymentAt: null })
      .where(eq(companies.id, id));
    const due = await request(server, s.superSession, "PUT", `/companies/${id}`, {
      dueDate: "2030-02-30",
    });
    expectRefused(due, 400, "ERR_VALIDATION");
    const paid = await request(
      server,
      s.superSession,
      "PATCH",
      `/companies/lastSendPayment/${id}`,
      {
        lastSendPaymentAt: "2030-02-30 10:00:00",
      },
    );
    expectRefused(paid, 400, "ERR_VALIDATION");
    const [row] = await server.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({ dueDate: "2030-01-10", lastSendPaymentAt: null });
  });
});

describe("malformed multipart", () => {
  it("no boundary, wrong boundary, truncated or garbage answer 400; the queue keeps no file", async () => {
    const s = await seedCompany(server);
    const url = `/queue/${s.queue.id}/upload`;
    const files = [{ field: "file", filename: "a.png", type: "image/png", data: Buffer.from("x") }];
    for (const breakage of ["noBoundary", "wrongBoundary", "truncated", "garbage"] as const) {
      const res = await raw(s.as.admin, "POST", url, multipartBody({}, files, breakage));
      expectRefused(res, 400, "ERR_VALIDATION");
    }
    const queue = (await request(server, s.as.admin, "GET", `/queue/${s.queue.id}`)).json();
    expect(queue.file ?? null).toBeNull();
  });

  it("too many files, fields or an oversized field answer 413 ERR_PAYLOAD_TOO_LARGE", async () => {
    const s = await seedCompany(server);
    const file = { field: "medias", filename: "a.png", type: "image/png", data: Buffer.from("x") };
    const ticket = (
      await inbound(server, await createConnection(server, s.company.id), {
        number: `55119${Date.now().toString().slice(-8)}`,
      })
    ).ticket;
    const url = `/messages/${ticket.id}`;
    const many = Array.from({ length: 11 }, () => file);
    expectRefused(
      await raw(s.as.admin, "POST", url, multipartBody({}, many, "none")),
      413,
      "ERR_PAYLOAD_TOO_LARGE",
    );
    const fields = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}`, "v"]));
    expectRefused(
      await raw(s.as.admin, "POST", url, multipartBody(fields, [file], "none")),
      413,
      "ERR_PAYLOAD_TOO_LARGE",
    );
    expectRefused(
      await raw(
        s.as.admin,
        "POST",
        url,
        multipartBody({ body: "b".repeat(70_000) }, [file], "none"),
      ),
      413,
      "ERR_PAYLOAD_TOO_LARGE",
    );
    const stored = await server.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(stored.filter((m) => m.fromMe)).toEqual([]);
  });
});

describe("JSON nesting and size", () => {
  it("a body nested 5,000 deep answers 400 ERR_VALIDATION, as a whole or inside a field", async () => {
    const s = await seedCompany(server);
    const deep = nestedJson(5000);
    for (const [url, payload] of [
      ["/contacts", deep],
      ["/contacts", `{"name":"Ana","number":"5511999999999","extraInfo":${deep}}`],
      [
        "/queue-options",
        `{"title":"t","queueId":${s.queue.id},"message":${nestedJson(5000, "object")}}`,
      ],
      ["/tags", "[".repeat(100_000)],
    ] as const) {
      const res = await raw(s.as.admin, "POST", url, { contentType: "application/json", payload });
      expectRefused(res, 400, "ERR_VALIDATION");
    }
    expect((await request(server, s.as.admin, "GET", "/contacts/")).json().contacts).toEqual([]);
  });

  it("a 500 KB tag name answers 400 'Too Long!'; a body over 2 MB answers 413", async () => {
    const s = await seedCompany(server);
    const res = await request(server, s.as.admin, "POST", "/tags", {
      name: HUGE.slice(0, 500_000),
    });
    expectRefused(res, 400, "ERR_VALIDATION");
    expect(res.json().fields.name).toBe("Too Long!");
    const big = await raw(s.as.admin, "POST", "/tags", {
      contentType: "application/json",
      payload: JSON.stringify({ name: "x".repeat(2_200_000) }),
    });
    expectRefused(big, 413, "ERR_PAYLOAD_TOO_LARGE");
    expect((await request(server, s.as.admin, "GET", "/tags/list")).json()).toEqual([]);
  });
});

describe("text maxima", () => {
  it("one character over a field's maximum answers 400 'Too Long!'; at the maximum it is stored", async () => {
    const s = await seedCompany(server);
    const contact = await contactOf(s.as.admin);
    const queue = await createQueue(server.db, s.company.id);
    const over: [string, string, Record<string, unknown>, string][] = [
      ["POST", "/tags", { name: "t".repeat(TEXT_MAX.tagName + 1) }, "name"],
      [
        "POST",
        "/ticket-notes",
        { contactId: contact.id, note: "n".repeat(TEXT_MAX.note + 1) },
        "note",
      ],
      [
        "POST",
        "/quick-messages",
        { shortcode: `oi${uid()}`, message: "m".repeat(TEXT_MAX.customerMessage + 1) },
        "message",
      ],
      [
        "PUT",
        `/queue/${queue.id}`,
        { name: queue.name, color: queue.color, greetingMessage: "g".repeat(4097) },
        "greetingMessage",
      ],
      [
        "PUT",
        `/contacts/${contact.id}`,
        {
          name: "Ana Lima",
          number: "5511999990001",
          extraInfo: [{ name: "Plano", value: "v".repeat(TEXT_MAX.extraInfoValue + 1) }],
        },
        "extraInfo.0.value",
      ],
      ["PUT", "/settings/userRating", { value: "e".repeat(TEXT_MAX.settingValue + 1) }, "value"],
    ];
    for (const [method, url, body, field] of over) {
      const res = await request(server, s.as.admin, method as "POST", url, body);
      expectRefused(res, 400, "ERR_VALIDATION");
      expect(res.json().fields[field], url).toBe("Too Long!");
      expect(Object.keys(res.json().fields), url).toEqual([field]);
    }
    const atMax = await request(server, s.as.admin, "POST", "/tags", {
      name: "t".repeat(TEXT_MAX.tagName),
    });
    expect(atMax.statusCode).toBe(201);
    const [stored] = await server.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, contact.id), eq(contacts.companyId, s.company.id)));
    expect(stored?.number).not.toBe("5511999990001");
  });
});
