import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, contactTags, tags } from "../src/db/schema/index.js";
import { multipart, pdf } from "./admin-helpers.js";
import {
  collect,
  eventWhere,
  connect,
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

describe("tags page", () => {
  it("lists tags with their contacts count, searches case-insensitively and pages", async () => {
    const s = await seedCompany(server);
    const vip = (
      await request(server, s.as.member, "POST", "/tags", { name: "Cliente VIP", color: "#ff0000" })
    ).json();
    const lead = (
      await request(server, s.as.member, "POST", "/tags", { name: "Lead", color: "#00ff00" })
    ).json();
    const people = await server.db
      .insert(contacts)
      .values(
        [1, 2, 3].map((i) => ({
          companyId: s.company.id,
          name: `P${i}`,
          number: `5511${uid()}${i}`,
        })),
      )
      .returning();
    await server.db
      .insert(contactTags)
      .values([
        ...people.map((p) => ({ contactId: p.id, tagId: vip.id, companyId: s.company.id })),
        { contactId: people[0]!.id, tagId: lead.id, companyId: s.company.id },
      ]);
    const page = (
      await request(server, s.as.member, "GET", "/tags/?searchParam=&pageNumber=1")
    ).json();
    expect(page.hasMore).toBe(false);
    expect(
      page.tags.map((t: { name: string; contactsCount: number }) => [t.name, t.contactsCount]),
    ).toEqual([
      ["Cliente VIP", 3],
      ["Lead", 1],
    ]);
    const found = (await request(server, s.as.member, "GET", "/tags/?searchParam=vIp")).json();
    expect(found.tags.map((t: { id: number }) => t.id)).toEqual([vip.id]);

    await server.db.insert(tags).values(
      Array.from({ length: 20 }, (_, i) => ({
        companyId: s.company.id,
        name: `zz ${i} ${uid()}`,
      })),
    );
    const first = (await request(server, s.as.member, "GET", "/tags/?pageNumber=1")).json();
    const second = (await request(server, s.as.member, "GET", "/tags/?pageNumber=2")).json();
    expect([first.tags.length, first.hasMore, second.tags.length, second.hasMore]).toEqual([
      20,
      true,
      2,
      false,
    ]);

    const other = await seedCompany(server);
    expect((await request(server, other.as.admin, "GET", "/tags/")).json().tags).toEqual([]);
    expect((await request(server, other.as.admin, "GET", `/tags/${vip.id}`)).statusCode).toBe(404);
    expect((await request(server, s.as.outsider, "GET", `/tags/${vip.id}`)).json()).toMatchObject({
      name: "Cliente VIP",
      color: "#ff0000",
      contactsCount: 3,
    });
  });

  it("its creator or an admin edits and deletes a tag; changes are live for the company only", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const mine = await connect(server, s.as.outsider.token);
    const theirs = await connect(server, other.as.admin.token);
    try {
      const created = nextEvent<{ action: string; tag: { name: string } }>(
        mine,
        `company-${s.company.id}-tag`,
      );
      const lastEvent = eventWhere<{ action: string }>(
        mine,
        `company-${s.company.id}-tag`,
        (e) => e.action === "delete",
        10_000,
      );
      const leak = collect(server, theirs, `company-${s.company.id}-tag`, lastEvent);
      const tag = (
        await request(server, s.as.member, "POST", "/tags", { name: "Urgente", color: "#123456" })
      ).json();
      expect(await created).toMatchObject({ action: "create", tag: { name: "Urgente" } });

      const edit = { name: "Muito urgente", color: "#654321", userId: s.outsider.id };
      expect(
        (await request(server, s.as.outsider, "PUT", `/tags/${tag.id}`, edit)).statusCode,
      ).toBe(403);
      expect(
        (await request(server, other.as.admin, "PUT", `/tags/${tag.id}`, edit)).statusCode,
      ).toBe(404);
      const updated = nextEvent<{ action: string; tag: { name: string } }>(
        mine,
        `company-${s.company.id}-tag`,
      );
      const byAuthor = await request(server, s.as.member, "PUT", `/tags/${tag.id}`, edit);
      expect(byAuthor.json()).toMatchObject({
        name: "Muito urgente",
        color: "#654321",
        userId: s.member.id,
      });
      expect(await updated).toMatchObject({ action: "update", tag: { name: "Muito urgente" } });
      expect(
        (await request(server, s.as.admin, "PUT", `/tags/${tag.id}`, { name: "ab" })).json().fields,
      ).toEqual({ name: "Mensagem muito curta" });

      expect((await request(server, s.as.outsider, "DELETE", `/tags/${tag.id}`)).statusCode).toBe(
        403,
      );
      expect((await request(server, other.as.admin, "DELETE", `/tags/${tag.id}`)).statusCode).toBe(
        404,
      );
      const deleted = nextEvent<{ action: string; tagId: number }>(
        mine,
        `company-${s.company.id}-tag`,
      );
      expect((await request(server, s.as.admin, "DELETE", `/tags/${tag.id}`)).statusCode).toBe(204);
      expect(await deleted).toEqual({ action: "delete", tagId: tag.id });
      expect(await leak).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

describe("quick messages", () => {
  it("each user sees the company's shared messages and their own; only admins share", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const shared = await request(server, s.as.admin, "POST", "/quick-messages", {
      shortcode: "ola",
      message: "Olá! Como posso ajudar?",
      global: true,
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({
      global: true,
      messageType: "MESSAGE",
      userId: s.admin.id,
    });
    const own = (
      await request(server, s.as.member, "POST", "/quick-messages", {
        shortcode: "pix",
        message: "Nosso PIX é…",
      })
    ).json();
    expect(
      (
        await request(server, s.as.member, "POST", "/quick-messages", {
          shortcode: "all",
          message: "x",
          global: true,
        })
      ).statusCode,
    ).toBe(403);

    const shortcodes = async (session: typeof s.as.member, query = "") =>
      (await request(server, session, "GET", `/quick-messages/?${query}`))
        .json()
        .records.map((r: { shortcode: string }) => r.shortcode);
    expect(await shortcodes(s.as.member)).toEqual(["ola", "pix"]);
    expect(await shortcodes(s.as.outsider)).toEqual(["ola"]);
    expect(await shortcodes(s.as.member, "searchParam=PIX")).toEqual(["pix"]);
    expect(await shortcodes(other.as.admin)).toEqual([]);
    const composer = (await request(server, s.as.member, "GET", "/quick-messages/list")).json();
    expect(composer.map((q: { shortcode: string }) => q.shortcode)).toEqual(["ola", "pix"]);

    // Someone else's private message is not found, for colleagues and admins alike.
    expect(
      (await request(server, s.as.outsider, "GET", `/quick-messages/${own.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(server, s.as.admin, "DELETE", `/quick-messages/${own.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(server, other.as.admin, "GET", `/quick-messages/${shared.json().id}`))
        .statusCode,
    ).toBe(404);
    // A shared one: readable by all, changed by admins (or its author) only.
    expect(
      (
        await request(server, s.as.member, "PUT", `/quick-messages/${shared.json().id}`, {
          shortcode: "ola",
          global: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await request(server, s.as.member, "DELETE", `/quick-messages/${shared.json().id}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(server, s.as.member, "DELETE", `/quick-messages/${own.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await request(server, s.as.admin, "DELETE", `/quick-messages/${shared.json().id}`))
        .statusCode,
    ).toBe(204);
  });

  it("validates the shortcode, keeps it unique per author and derives the message type", async () => {
    const s = await seedCompany(server);
    const post = (body: object, session = s.as.member) =>
      request(server, session, "POST", "/quick-messages", body);
    expect((await post({ message: "x" })).json().fields).toEqual({ shortcode: "Required" });
    expect((await post({ shortcode: "ab", message: "x" })).json().fields).toEqual({
      shortcode: "Too Short!",
    });
    const first = (await post({ shortcode: "obrigado", message: "Obrigado!" })).json();
    const dup = await post({ shortcode: "OBRIGADO", message: "De novo" });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe("ERR_DUPLICATED_SHORTCODE");
    // Another author may use the same shortcode.
    expect(
      (await post({ shortcode: "obrigado", message: "Valeu" }, s.as.outsider)).statusCode,
    ).toBe(201);

    const url = `/quick-messages/${first.id}`;
    const withFile = await multipart(server, s.as.member, "POST", `${url}/upload`, {
      files: [pdf],
    });
    expect(withFile.json()).toMatchObject({
      messageType: "FILE_AND_MESSAGE",
      file: { name: "doc.pdf" },
    });
    const fileOnly = await request(server, s.as.member, "PUT", url, {
      shortcode: "obrigado",
      message: "",
    });
    expect(fileOnly.json().messageType).toBe("FILE");
    expect(
      (await multipart(server, s.as.outsider, "POST", `${url}/upload`, { files: [pdf] }))
        .statusCode,
    ).toBe(404);
    const removed = await request(server, s.as.member, "DELETE", `${url}/upload`);
    expect(removed.json()).toMatchObject({ messageType: "MESSAGE", file: null });
    expect((await request(server, s.as.member, "GET", url)).json()).toMatchObject({
      shortcode: "obrigado",
      messageType: "MESSAGE",
    });
  });
});
