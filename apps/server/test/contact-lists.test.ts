import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_LIST_ITEMS_MAX, PHONE_ERROR_MESSAGE } from "@atrium/shared";
import { campaigns, contactListItems } from "../src/db/schema/index.js";
import { multipart } from "./admin-helpers.js";
import { createList, enableCampaigns, phone } from "./campaign-helpers.js";
import {
  createConnection,
  request,
  seedCompany,
  setSetting,
  startTestServer,
  type TestServer,
} from "./harness.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function company() {
  const s = await seedCompany(server);
  await enableCampaigns(server, s.company.id);
  return s;
}

describe("contact lists: access", () => {
  it("admins only, and only while the plan and the company setting enable campaigns", async () => {
    const s = await company();
    expect((await request(server, s.as.admin, "GET", "/contact-lists/")).statusCode).toBe(200);
    const agent = await request(server, s.as.member, "GET", "/contact-lists/");
    expect(agent.statusCode).toBe(403);

    await setSetting(server.db, s.company.id, "campaignsEnabled", "false");
    const off = await request(server, s.as.admin, "GET", "/contact-lists/");
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toBe("ERR_CAMPAIGNS_DISABLED");
    const me = await request(server, s.as.admin, "GET", "/auth/me");
    expect(me.json().company.campaignsEnabled).toBe(false);

    // The spec's other spelling of "on" opens the menu and the routes alike.
    await setSetting(server.db, s.company.id, "campaignsEnabled", "enabled");
    const on = await request(server, s.as.admin, "GET", "/auth/me");
    expect(on.json().company.campaignsEnabled).toBe(true);
    expect((await request(server, s.as.admin, "GET", "/contact-lists/")).statusCode).toBe(200);
    await setSetting(server.db, s.company.id, "campaignsEnabled", "false");
  });

  it("a list of another company is not found", async () => {
    const a = await company();
    const b = await company();
    const list = await createList(server, a.as.admin, [{ name: "Ana", number: phone() }]);
    for (const [method, url] of [
      ["GET", `/contact-lists/${list.id}`],
      ["PUT", `/contact-lists/${list.id}`],
      ["DELETE", `/contact-lists/${list.id}`],
      ["GET", `/contact-list-items?contactListId=${list.id}`],
    ] as const) {
      const res = await request(
        server,
        b.as.admin,
        method,
        url,
        method === "PUT" ? { name: "X" } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toBe("ERR_NO_CONTACT_LIST_FOUND");
    }
    const added = await request(server, b.as.admin, "POST", "/contact-list-items", {
      contactListId: list.id,
      name: "Intrusa",
      number: phone(),
    });
    expect(added.statusCode).toBe(404);
    expect(
      (await request(server, a.as.admin, "GET", `/contact-lists/${list.id}`)).json(),
    ).toMatchObject({
      itemsCount: 1,
    });
  });
});

describe("contact lists: items", () => {
  it("normalises numbers, refuses bad and repeated ones, pages and searches", async () => {
    const s = await company();
    const list = await createList(server, s.as.admin, []);
    const add = (name: string, number: string, email = "") =>
      request(server, s.as.admin, "POST", "/contact-list-items", {
        contactListId: list.id,
        name,
        number,
        email,
      });
    const ok = await add("Maria", "+55 (11) 98888-7777", "MARIA@example.com");
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ number: "5511988887777", email: "maria@example.com" });
    const bad = await add("Curto", "1234");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.number).toBe(PHONE_ERROR_MESSAGE);
    const again = await add("Maria 2", "5511988887777");
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("ERR_CONTACT_LIST_ITEM_EXISTS");
    const nul = await add("Nu\u0000l", phone());
    expect(nul.statusCode).toBe(400);
    await add("João", phone(), "joao@example.com");

    const all = await request(
      server,
      s.as.admin,
      "GET",
      `/contact-list-items?contactListId=${list.id}`,
    );
    expect(all.json()).toMatchObject({ count: 2, hasMore: false });
    const byNumber = await request(
      server,
      s.as.admin,
      "GET",
      `/contact-list-items?contactListId=${list.id}&searchParam=98888`,
    );
    expect(byNumber.json().records.map((r: { name: string }) => r.name)).toEqual(["Maria"]);
    const byEmail = await request(
      server,
      s.as.admin,
      "GET",
      `/contact-list-items?contactListId=${list.id}&searchParam=joao@`,
    );
    expect(byEmail.json().records.map((r: { name: string }) => r.name)).toEqual(["João"]);

    const item = ok.json() as { id: number };
    const edited = await request(server, s.as.admin, "PUT", `/contact-list-items/${item.id}`, {
      name: "Maria Silva",
      number: "5511988887777",
    });
    expect(edited.json()).toMatchObject({ name: "Maria Silva" });
    expect(
      (await request(server, s.as.admin, "DELETE", `/contact-list-items/${item.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await request(server, s.as.admin, "GET", `/contact-lists/${list.id}`)).json().itemsCount,
    ).toBe(1);
  });

  it("a full list refuses another item", async () => {
    const s = await company();
    const list = await createList(server, s.as.admin, []);
    // Fill the list directly (the cap is large): one row under it, then the API adds the last.
    const rows = Array.from({ length: CONTACT_LIST_ITEMS_MAX - 1 }, (_, i) => ({
      companyId: s.company.id,
      contactListId: list.id,
      name: `N${i}`,
      number: `55119${String(i).padStart(8, "0")}`,
    }));
    for (let i = 0; i < rows.length; i += 5000) {
      await server.db.insert(contactListItems).values(rows.slice(i, i + 5000));
    }
    const last = await request(server, s.as.admin, "POST", "/contact-list-items", {
      contactListId: list.id,
      name: "Última",
      number: phone(),
    });
    expect(last.statusCode).toBe(201);
    const over = await request(server, s.as.admin, "POST", "/contact-list-items", {
      contactListId: list.id,
      name: "Sobra",
      number: phone(),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe("ERR_CONTACT_LIST_FULL");
  });

  it("a list used by a scheduled campaign cannot be deleted; a finished one can", async () => {
    const s = await company();
    const list = await createList(server, s.as.admin, [{ name: "Ana", number: phone() }]);
    const connection = await createConnection(server, s.company.id);
    const [campaign] = await server.db
      .insert(campaigns)
      .values({
        companyId: s.company.id,
        name: "Black Friday",
        status: "PROGRAMADA",
        connectionId: connection.id,
        contactListId: list.id,
        messages: ["Oi {nome}"],
        confirmationMessages: [],
        scheduledAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    const refused = await request(server, s.as.admin, "DELETE", `/contact-lists/${list.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("ERR_CONTACT_LIST_IN_USE");
    const { eq } = await import("drizzle-orm");
    await server.db
      .update(campaigns)
      .set({ status: "FINALIZADA" })
      .where(eq(campaigns.id, campaign!.id));
    expect(
      (await request(server, s.as.admin, "DELETE", `/contact-lists/${list.id}`)).statusCode,
    ).toBe(204);
  });
});

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Plan1");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe("contact lists: import", () => {
  it("imports a CSV: created, completed, skipped, and each refused row with its reason", async () => {
    const s = await company();
    const known = phone();
    const list = await createList(server, s.as.admin, [{ name: known, number: known }]);
    const [a, b] = [phone(), phone()];
    const csv = [
      "Nome;Telefone;E-mail",
      `Bruno;${a};bruno@example.com`,
      `Ana;+${known};ana@example.com`,
      `Bruno de novo;${a};`,
      `Sem número;;x@example.com`,
      `Curto;123;`,
      `Dado ruim;${b};not-an-email`,
      ``,
    ].join("\r\n");
    const res = await multipart(server, s.as.admin, "POST", `/contact-lists/${list.id}/upload`, {
      files: [{ filename: "lista.csv", type: "text/csv", data: csv }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 1,
      updated: 1,
      skipped: 1,
      errors: [
        { row: 5, message: "Number required" },
        { row: 6, message: PHONE_ERROR_MESSAGE },
        { row: 7, message: "Invalid email" },
      ],
    });
    const items = await request(
      server,
      s.as.admin,
      "GET",
      `/contact-list-items?contactListId=${list.id}`,
    );
    expect(
      items.json().records.map((r: { name: string; number: string }) => [r.name, r.number]),
    ).toEqual([
      ["Ana", known],
      ["Bruno", a],
    ]);
  });

  it("imports an XLSX, and the template is a CSV download with the header it reads", async () => {
    const s = await company();
    const list = await createList(server, s.as.admin, []);
    const n = phone();
    const data = await xlsx([
      ["name", "number", "email"],
      ["Carla", Number(n), "carla@example.com"],
    ]);
    const res = await multipart(server, s.as.admin, "POST", `/contact-lists/${list.id}/upload`, {
      files: [
        {
          filename: "lista.xlsx",
          type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          data,
        },
      ],
    });
    expect(res.json()).toEqual({ created: 1, updated: 0, skipped: 0, errors: [] });
    const template = await request(server, s.as.admin, "GET", "/contact-lists/template");
    expect(template.statusCode).toBe(200);
    expect(template.headers["content-disposition"]).toContain("attachment");
    expect(template.body.split("\r\n")[0]).toBe("name;number;email");
    // The template itself imports.
    const again = await multipart(server, s.as.admin, "POST", `/contact-lists/${list.id}/upload`, {
      files: [{ filename: "modelo.csv", type: "text/csv", data: template.body }],
    });
    expect(again.json()).toMatchObject({ created: 2, errors: [] });
  });
});

describe("contact lists: WhatsApp check", () => {
  it("a connection that cannot check numbers is refused", async () => {
    const s = await company();
    const list = await createList(server, s.as.admin, [{ name: "Ana", number: phone() }]);
    const webchat = await createConnection(server, s.company.id);
    const res = await request(server, s.as.admin, "POST", `/contact-lists/${list.id}/validate`, {
      whatsappId: webchat.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("ERR_WAPP_NOT_INITIALIZED");
    const other = await company();
    const foreign = await createConnection(server, other.company.id);
    const res2 = await request(server, s.as.admin, "POST", `/contact-lists/${list.id}/validate`, {
      whatsappId: foreign.id,
    });
    expect(res2.statusCode).toBe(404);
  });
});
