import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart, pdf, png, seedWithSuper } from "./admin-helpers.js";
import { jpegBytes } from "./media-fixtures.js";
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

describe("announcements", () => {
  it("super users write them, with the spec's messages and defaults; admins and users cannot", async () => {
    const s = await seedWithSuper(server);
    const invalid = await request(server, s.superSession, "POST", "/announcements", {
      title: "",
      category: "",
    });
    expect(invalid.json().fields).toEqual({
      title: "Obrigatório",
      text: "Obrigatório",
      category: "Obrigatório",
    });
    const created = await request(server, s.superSession, "POST", "/announcements", {
      title: `Novidade ${uid()}`,
      text: "Agora com agendamentos",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      priority: 3,
      category: "NEW",
      status: true,
      link: null,
      mediaPath: null,
      mediaName: null,
      views: 0,
      reactions: { bad: 0, neutral: 0, good: 0 },
    });
    const body = { title: "X", text: "Y" };
    expect((await request(server, s.as.admin, "POST", "/announcements", body)).statusCode).toBe(
      403,
    );
    const id = created.json().id;
    expect(
      (await request(server, s.as.admin, "PUT", `/announcements/${id}`, body)).statusCode,
    ).toBe(403);
    expect((await request(server, s.as.admin, "DELETE", `/announcements/${id}`)).statusCode).toBe(
      403,
    );
    expect((await request(server, s.as.admin, "GET", "/announcements/?all=true")).statusCode).toBe(
      403,
    );
    const updated = await request(server, s.superSession, "PUT", `/announcements/${id}`, {
      ...body,
      priority: 1,
      category: "FIX",
      link: "https://example.com/notas",
    });
    expect(updated.json()).toMatchObject({
      title: "X",
      priority: 1,
      category: "FIX",
      link: "https://example.com/notas",
    });
    expect(
      (
        await request(server, s.superSession, "PUT", `/announcements/${id}`, {
          ...body,
          priority: 4,
        })
      ).statusCode,
    ).toBe(400);
  });

  it("every company reads the active ones; inactive ones only the operator sees", async () => {
    const s = await seedWithSuper(server);
    const other = await seedCompany(server);
    const tag = uid();
    const post = async (title: string, status: boolean) =>
      (
        await request(server, s.superSession, "POST", "/announcements", {
          title: `${title} ${tag}`,
          text: "texto",
          status,
        })
      ).json();
    const active = await post("Ativo", true);
    const hidden = await post("Rascunho", false);
    const titles = async (session: typeof s.as.member, query = "") =>
      (await request(server, session, "GET", `/announcements/?searchParam=${tag}${query}`))
        .json()
        .records.map((r: { title: string }) => r.title);
    expect(await titles(s.as.member)).toEqual([`Ativo ${tag}`]);
    expect(await titles(other.as.outsider)).toEqual([`Ativo ${tag}`]);
    expect((await titles(s.superSession, "&all=true")).sort()).toEqual([
      `Ativo ${tag}`,
      `Rascunho ${tag}`,
    ]);
    expect(
      (await request(server, other.as.member, "GET", `/announcements/${hidden.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await request(server, other.as.member, "POST", `/announcements/${hidden.id}/view`))
        .statusCode,
    ).toBe(404);
    expect(
      (await request(server, other.as.member, "GET", `/announcements/${active.id}`)).statusCode,
    ).toBe(200);
  });

  it("counts one view per user and the latest reaction of each user, across companies", async () => {
    const s = await seedWithSuper(server);
    const other = await seedCompany(server);
    const a = (
      await request(server, s.superSession, "POST", "/announcements", {
        title: `R ${uid()}`,
        text: "t",
      })
    ).json();
    const url = `/announcements/${a.id}`;
    await request(server, s.as.member, "POST", `${url}/view`);
    await request(server, s.as.member, "POST", `${url}/view`);
    await request(server, s.as.member, "POST", `${url}/reaction`, { reaction: "bad" });
    const changed = await request(server, s.as.member, "POST", `${url}/reaction`, {
      reaction: "neutral",
    });
    expect(changed.json()).toMatchObject({ viewed: true, reaction: "neutral" });
    await request(server, other.as.admin, "POST", `${url}/reaction`, { reaction: "good" });
    expect(
      (await request(server, other.as.admin, "POST", `${url}/reaction`, { reaction: "meh" }))
        .statusCode,
    ).toBe(400);
    const seen = (await request(server, s.superSession, "GET", url)).json();
    expect(seen).toMatchObject({
      views: 2,
      reactions: { bad: 0, neutral: 1, good: 1 },
      viewed: false,
      reaction: null,
    });
  });

  it("takes a .png/.jpg/.jpeg attachment only, replaces and removes it", async () => {
    const s = await seedWithSuper(server);
    const a = (
      await request(server, s.superSession, "POST", "/announcements", {
        title: `M ${uid()}`,
        text: "t",
      })
    ).json();
    const url = `/announcements/${a.id}/media-upload`;
    const wrong = await multipart(server, s.superSession, "POST", url, { files: [pdf] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ file: "Only .png, .jpg and .jpeg" });
    expect((await multipart(server, s.as.admin, "POST", url, { files: [png] })).statusCode).toBe(
      403,
    );
    const ok = await multipart(server, s.superSession, "POST", url, { files: [png] });
    expect(ok.json()).toMatchObject({
      mediaName: "pic.png",
      mediaPath: expect.stringMatching(/^\/files\//),
    });
    const jpeg = await multipart(server, s.superSession, "POST", url, {
      files: [{ filename: "foto.JPEG", type: "image/jpeg", data: jpegBytes() }],
    });
    expect(jpeg.json().mediaName).toBe("foto.JPEG");
    // A user of another company can load the image through its signed path.
    const reader = await seedCompany(server);
    const seen = (await request(server, reader.as.member, "GET", `/announcements/${a.id}`)).json();
    expect((await server.app.inject({ method: "GET", url: seen.mediaPath })).statusCode).toBe(200);
    const removed = await request(server, s.superSession, "DELETE", url);
    expect(removed.json()).toMatchObject({ mediaName: null, mediaPath: null });
    expect(
      (await request(server, s.superSession, "DELETE", `/announcements/${a.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await request(server, s.superSession, "GET", `/announcements/${a.id}`)).statusCode,
    ).toBe(404);
  });

  it("live events reach every authenticated socket, whatever its company", async () => {
    const s = await seedWithSuper(server);
    const other = await seedCompany(server);
    const first = await connect(server, s.as.member.token);
    const second = await connect(server, other.as.outsider.token);
    try {
      const events = [first, second].map((socket) =>
        nextEvent<{ action: string; record: { title: string } }>(socket, "company-announcement"),
      );
      const title = `Live ${uid()}`;
      const created = (
        await request(server, s.superSession, "POST", "/announcements", { title, text: "t" })
      ).json();
      for (const event of events) {
        expect(await event).toMatchObject({ action: "create", record: { title } });
      }
      const deleted = eventWhere<{ action: string; id: number }>(
        second,
        "company-announcement",
        (e) => e.action === "delete",
      );
      await request(server, s.superSession, "DELETE", `/announcements/${created.id}`);
      expect(await deleted).toEqual({ action: "delete", id: created.id });
    } finally {
      first.close();
      second.close();
    }
  });
});

describe("announcements going inactive", () => {
  it("only super users receive an inactive record live; everyone else is told to drop it", async () => {
    const s = await seedWithSuper(server);
    const member = await connect(server, s.as.member.token);
    const operator = await connect(server, s.superSession.token);
    try {
      const title = `Oculto ${uid()}`;
      const created = (
        await request(server, s.superSession, "POST", "/announcements", { title, text: "t" })
      ).json();
      const operatorSees = eventWhere<{
        action: string;
        record: { title: string; status: boolean };
      }>(operator, "company-announcement", (e) => e.action === "update");
      const memberSees = collect<{ action: string; id?: number; record?: unknown }>(
        server,
        member,
        "company-announcement",
        operatorSees,
      );
      await request(server, s.superSession, "PUT", `/announcements/${created.id}`, {
        title,
        text: "t",
        category: "NEW",
        status: false,
      });
      expect(await operatorSees).toMatchObject({
        action: "update",
        record: { title, status: false },
      });
      const seen = (await memberSees).filter((e) => e.action !== "create");
      expect(seen).toEqual([{ action: "delete", id: created.id }]);
    } finally {
      member.close();
      operator.close();
    }
  });
});

describe("helps", () => {
  it("anyone lists them by version; super users manage them", async () => {
    const s = await seedWithSuper(server);
    const other = await seedCompany(server);
    const tag = uid();
    const v1 = await request(server, s.superSession, "POST", "/helps", {
      title: `Primeiros passos ${tag}`,
      description: "Como começar",
      video: "abc123",
    });
    expect(v1.statusCode).toBe(201);
    expect(v1.json()).toMatchObject({ version: "1", video: "abc123" });
    const v2 = (
      await request(server, s.superSession, "POST", "/helps", {
        title: `Filas ${tag}`,
        version: "2",
      })
    ).json();
    const mine = (list: { title: string }[]) =>
      list.filter((h) => h.title.endsWith(tag)).map((h) => h.title);
    expect(mine((await request(server, other.as.member, "GET", "/helps/list")).json())).toEqual([
      `Primeiros passos ${tag}`,
    ]);
    expect(
      mine((await request(server, other.as.member, "GET", "/helps/list?version=2")).json()),
    ).toEqual([`Filas ${tag}`]);
    expect(
      mine((await request(server, s.as.member, "GET", "/helps/list?version=all")).json()),
    ).toEqual([`Primeiros passos ${tag}`, `Filas ${tag}`]);
    expect((await request(server, s.as.admin, "POST", "/helps", { title: "x" })).statusCode).toBe(
      403,
    );
    expect(
      (await request(server, s.as.admin, "PUT", `/helps/${v2.id}`, { title: "x" })).statusCode,
    ).toBe(403);
    expect((await request(server, s.as.admin, "DELETE", `/helps/${v2.id}`)).statusCode).toBe(403);
    const edited = await request(server, s.superSession, "PUT", `/helps/${v2.id}`, {
      title: `Filas e opções ${tag}`,
      version: 2,
      video: "xyz",
    });
    expect(edited.json()).toMatchObject({
      title: `Filas e opções ${tag}`,
      version: "2",
      video: "xyz",
    });
    expect((await request(server, s.superSession, "DELETE", `/helps/${v2.id}`)).statusCode).toBe(
      204,
    );
    expect((await request(server, s.superSession, "GET", `/helps/${v2.id}`)).statusCode).toBe(404);
  });
});
