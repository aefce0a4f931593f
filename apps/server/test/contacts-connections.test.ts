import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactDTO } from "../src/modules/contacts/contacts.presenter.js";
import {
  collect,
  connect,
  createQueue,
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

const number = () => `55${Math.floor(1e10 + Math.random() * 8e10)}`;

describe("contacts", () => {
  it("creates, validates, searches and keeps numbers unique per company", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const n = number();
    const created = await request(server, s.as.member, "POST", "/contacts", {
      name: "Ana Souza",
      number: `+${n.slice(0, 2)} (${n.slice(2, 4)}) ${n.slice(4)}`,
      email: "ana@example.com",
      extraInfo: [{ name: "Plano", value: "Ouro" }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: "Ana Souza",
      number: n,
      extraInfo: [{ name: "Plano", value: "Ouro" }],
    });
    const dup = await request(server, s.as.admin, "POST", "/contacts", {
      name: "Outra Ana",
      number: n,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe("ERR_DUPLICATED_CONTACT");
    // The same number in another company is another contact.
    expect(
      (await request(server, other.as.admin, "POST", "/contacts", { name: "Ana", number: n }))
        .statusCode,
    ).toBe(201);

    const invalid = await request(server, s.as.member, "POST", "/contacts", {
      name: "A",
      number: "123",
      email: "x",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toMatchObject({
      name: "Too Short!",
      number: "Too Short!",
      email: "Invalid email",
    });

    const found = (
      await request(server, s.as.member, "GET", "/contacts/?searchParam=souza")
    ).json();
    expect(found.contacts.map((c: { name: string }) => c.name)).toEqual(["Ana Souza"]);
    expect(
      (await request(server, other.as.admin, "GET", `/contacts/${created.json().id}`)).statusCode,
    ).toBe(404);
  });

  it("edits and publishes contact changes to the company only; deleting needs the permission", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const contact = (
      await request(server, s.as.admin, "POST", "/contacts", { name: "Bruno", number: number() })
    ).json();
    const mine = await connect(server, s.as.member.token);
    const theirs = await connect(server, other.as.admin.token);
    try {
      const event = nextEvent<{ action: string; contact: { name: string } }>(
        mine,
        `company-${s.company.id}-contact`,
      );
      const leak = collect(server, theirs, `company-${s.company.id}-contact`, event);
      const updated = await request(server, s.as.member, "PUT", `/contacts/${contact.id}`, {
        name: "Bruno Lima",
        number: contact.number,
      });
      expect(updated.json().name).toBe("Bruno Lima");
      expect(await event).toMatchObject({ action: "update", contact: { name: "Bruno Lima" } });
      expect(await leak).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
    expect(
      (await request(server, s.as.member, "DELETE", `/contacts/${contact.id}`)).statusCode,
    ).toBe(403);
    expect(
      (await request(server, other.as.admin, "DELETE", `/contacts/${contact.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(server, s.as.admin, "DELETE", `/contacts/${contact.id}`)).statusCode,
    ).toBe(204);
  });

  it("keeps private notes per contact, deletable by their author or an admin", async () => {
    const s = await seedCompany(server);
    const contact = (
      await request(server, s.as.member, "POST", "/contacts", { name: "Caio", number: number() })
    ).json();
    const short = await request(server, s.as.member, "POST", "/ticket-notes", {
      note: "x",
      contactId: contact.id,
    });
    expect(short.json().fields).toEqual({ note: "Too Short!" });
    const note = await request(server, s.as.member, "POST", "/ticket-notes", {
      note: "Cliente VIP",
      contactId: contact.id,
    });
    expect(note.statusCode).toBe(201);
    expect(note.json()).toMatchObject({ note: "Cliente VIP", user: { id: s.member.id } });
    const listed = (
      await request(server, s.as.outsider, "GET", `/ticket-notes/list?contactId=${contact.id}`)
    ).json();
    expect(listed.map((n: { note: string }) => n.note)).toEqual(["Cliente VIP"]);
    expect(
      (await request(server, s.as.outsider, "DELETE", `/ticket-notes/${note.json().id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(server, s.as.admin, "DELETE", `/ticket-notes/${note.json().id}`)).statusCode,
    ).toBe(204);
  });

  it("a search page shows each contact with its own details and tags, in name order", async () => {
    const s = await seedCompany(server);
    const word = `Cliente${uid()}`;
    const vip = (await request(server, s.as.admin, "POST", "/tags", { name: "vip" })).json();
    const lead = (await request(server, s.as.admin, "POST", "/tags", { name: "lead" })).json();
    const add = async (
      name: string,
      tagIds: number[],
      extraInfo: { name: string; value: string }[],
    ) =>
      (
        await request(server, s.as.admin, "POST", "/contacts", {
          name,
          number: number(),
          tags: tagIds,
          extraInfo,
        })
      ).json();
    await add(
      `${word} Carla`,
      [vip.id, lead.id],
      [
        { name: "CPF", value: "1" },
        { name: "Loja", value: "Centro" },
      ],
    );
    await add(`${word} Abel`, [], []);
    await add(`${word} Bia`, [lead.id], [{ name: "CPF", value: "2" }]);
    const found = (
      await request(server, s.as.member, "GET", `/contacts/?searchParam=${word}`)
    ).json() as { contacts: ContactDTO[]; hasMore: boolean };
    expect(found.hasMore).toBe(false);
    expect(
      found.contacts.map((c) => [
        c.name,
        c.tags.map((t) => t.name),
        c.extraInfo.map((e) => `${e.name}=${e.value}`),
      ]),
    ).toEqual([
      [`${word} Abel`, [], []],
      [`${word} Bia`, ["lead"], ["CPF=2"]],
      [`${word} Carla`, ["lead", "vip"], ["CPF=1", "Loja=Centro"]],
    ]);
  });

  it("syncs tags of a contact; unknown or foreign tags are refused", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const contact = (
      await request(server, s.as.member, "POST", "/contacts", { name: "Dora", number: number() })
    ).json();
    const tag = (
      await request(server, s.as.member, "POST", "/tags", { name: "vip", color: "#00ff00" })
    ).json();
    const foreign = (
      await request(server, other.as.member, "POST", "/tags", { name: "vip", color: "#00ff00" })
    ).json();
    expect(
      (await request(server, s.as.member, "POST", "/tags", { name: "ab" })).json().fields,
    ).toEqual({ name: "Mensagem muito curta" });
    const synced = await request(server, s.as.member, "POST", "/tags/sync", {
      contactId: contact.id,
      tags: [tag.id],
    });
    expect(synced.json().tags).toEqual([{ id: tag.id, name: "vip", color: "#00ff00" }]);
    const bad = await request(server, s.as.member, "POST", "/tags/sync", {
      contactId: contact.id,
      tags: [foreign.id],
    });
    expect(bad.statusCode).toBe(400);
    expect((await request(server, s.as.member, "GET", "/tags/list")).json()).toEqual([
      { id: tag.id, name: "vip", color: "#00ff00" },
    ]);
  });
});

describe("queues", () => {
  it("admins manage queues with unique colours; users may only read", async () => {
    const s = await seedCompany(server);
    const payload = { name: `Vendas ${uid()}`, color: "#123456", greetingMessage: "Olá" };
    expect((await request(server, s.as.member, "POST", "/queue", payload)).statusCode).toBe(403);
    const created = await request(server, s.as.admin, "POST", "/queue", {
      ...payload,
      userIds: [s.member.id],
    });
    expect(created.statusCode).toBe(201);
    const dup = await request(server, s.as.admin, "POST", "/queue", { ...payload, name: "Outra" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    const detail = (
      await request(server, s.as.member, "GET", `/queue/${created.json().id}`)
    ).json();
    expect(detail.users.map((u: { id: number }) => u.id)).toEqual([s.member.id]);
    const bad = await request(server, s.as.admin, "POST", "/queue", { name: "X", color: "#1" });
    expect(bad.json().fields).toEqual({ name: "Too Short!", color: "Too Short!" });
  });
});

describe("connections (/whatsapp)", () => {
  const base = { name: "Site", channelType: "WEB_CHAT" };

  it("the first connection becomes the default; only one default; at least one must stay", async () => {
    const s = await seedCompany(server);
    const first = (await request(server, s.as.admin, "POST", "/whatsapp", base)).json();
    expect(first).toMatchObject({
      isDefault: true,
      status: "CONNECTED",
      greetingMessageType: "MESSAGE",
    });
    const second = (
      await request(server, s.as.admin, "POST", "/whatsapp", {
        ...base,
        name: "Loja",
        isDefault: true,
      })
    ).json();
    expect(second.isDefault).toBe(true);
    const list = (await request(server, s.as.member, "GET", "/whatsapp/?session=0")).json();
    expect(
      list.filter((c: { isDefault: boolean }) => c.isDefault).map((c: { id: number }) => c.id),
    ).toEqual([second.id]);
    const unset = await request(server, s.as.admin, "PUT", `/whatsapp/${second.id}`, {
      ...base,
      name: "Loja",
      isDefault: false,
    });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().error).toBe("ERR_NO_OTHER_WHATSAPP");
  });

  it("needs a greeting with more than one queue; agents cannot create or edit; tokens are hidden from agents", async () => {
    const s = await seedCompany(server);
    const q2 = await createQueue(server.db, s.company.id);
    const noGreeting = await request(server, s.as.admin, "POST", "/whatsapp", {
      ...base,
      queueIds: [s.queue.id, q2.id],
    });
    expect(noGreeting.json().error).toBe("ERR_WAPP_GREETING_REQUIRED");
    const ok = await request(server, s.as.admin, "POST", "/whatsapp", {
      ...base,
      queueIds: [s.queue.id, q2.id],
      greetingMessage: "Escolha uma fila",
      token: "api-secret",
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().token).toBe("api-secret");
    expect(
      (await request(server, s.as.member, "GET", `/whatsapp/${ok.json().id}`)).json().token,
    ).toBe("");
    expect((await request(server, s.as.member, "POST", "/whatsapp", base)).statusCode).toBe(403);
    expect(
      (await request(server, s.as.member, "PUT", `/whatsapp/${ok.json().id}`, base)).statusCode,
    ).toBe(403);
    const other = await seedCompany(server);
    expect(
      (await request(server, other.as.admin, "GET", `/whatsapp/${ok.json().id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(server, other.as.admin, "DELETE", `/whatsapp/${ok.json().id}`)).statusCode,
    ).toBe(404);
  });

  it("derives the greeting type from the attached file and refuses to delete a connection with conversations", async () => {
    const s = await seedCompany(server);
    const conn = (
      await request(server, s.as.admin, "POST", "/whatsapp", { ...base, greetingMessage: "Oi" })
    ).json();
    const boundary = "----atrium";
    const upload = await server.app.inject({
      method: "POST",
      url: `/whatsapp/${conn.id}/upload`,
      headers: {
        authorization: `Bearer ${s.as.admin.token}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="menu.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${boundary}--\r\n`,
      ),
    });
    expect(upload.json()).toMatchObject({
      greetingMessageType: "FILE_AND_MESSAGE",
      file: { name: "menu.pdf" },
    });
    const removed = await request(server, s.as.admin, "DELETE", `/whatsapp/${conn.id}/upload`);
    expect(removed.json()).toMatchObject({ greetingMessageType: "MESSAGE", file: null });

    const session = await server.app.inject({
      method: "POST",
      url: `/webchat/${conn.uuid}/session`,
      payload: { name: "Vi" },
    });
    await server.app.inject({
      method: "POST",
      url: `/webchat/${conn.uuid}/messages`,
      headers: { authorization: `Bearer ${session.json().token}` },
      payload: { body: "oi", clientId: "1" },
    });
    const del = await request(server, s.as.admin, "DELETE", `/whatsapp/${conn.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().error).toBe("ERR_CONNECTION_HAS_TICKETS");
    const spare = (
      await request(server, s.as.admin, "POST", "/whatsapp", { ...base, name: "Spare" })
    ).json();
    expect((await request(server, s.as.admin, "DELETE", `/whatsapp/${spare.id}`)).statusCode).toBe(
      204,
    );
  });
});
