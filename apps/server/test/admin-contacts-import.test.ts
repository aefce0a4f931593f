import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../src/db/schema/index.js";
import { multipart, pdf } from "./admin-helpers.js";
import {
  collect,
  connect,
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

const phone = () => `55${Math.floor(1e10 + Math.random() * 8e10)}`;

async function xlsx(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Plan1");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("contacts import", () => {
  it("imports a CSV: creates, completes existing contacts, skips repeats, reports bad rows", async () => {
    const s = await seedCompany(server);
    const known = phone();
    const existing = (
      await request(server, s.as.admin, "POST", "/contacts", { name: "Ana Antiga", number: known })
    ).json();
    const [a, b] = [phone(), phone()];
    const csv = [
      "name,number,email,tags",
      `Bruno,${a},bruno@example.com,"vip, Novo"`,
      `Ana Nova,+${known.slice(0, 2)} ${known.slice(2)},ana@example.com,vip`,
      `Bruno de novo,${a},,`,
      `"Carla ""CC"" Lima",${b},,`,
      `Sem número,,x@example.com,`,
      `Dado ruim,${phone()},not-an-email,`,
      ``,
    ].join("\r\n");
    const res = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [{ filename: "contatos.csv", type: "text/csv", data: csv }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      created: 2,
      updated: 1,
      skipped: 1,
      errors: [
        { row: 6, message: "Number required" },
        { row: 7, message: "Invalid email" },
      ],
    });
    const updated = (await request(server, s.as.admin, "GET", `/contacts/${existing.id}`)).json();
    expect(updated).toMatchObject({ name: "Ana Nova", email: "ana@example.com" });
    expect(updated.tags.map((t: { name: string }) => t.name)).toEqual(["vip"]);
    const bruno = (await request(server, s.as.admin, "GET", `/contacts/?searchParam=${a}`)).json();
    expect(bruno.contacts).toHaveLength(1);
    expect(bruno.contacts[0].tags.map((t: { name: string }) => t.name)).toEqual(["Novo", "vip"]);
    const carla = (await request(server, s.as.admin, "GET", `/contacts/?searchParam=${b}`)).json();
    expect(carla.contacts[0].name).toBe('Carla "CC" Lima');

    // Importing the same file again changes nothing and duplicates nothing.
    const again = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [{ filename: "contatos.csv", type: "text/csv", data: csv }],
    });
    expect(again.json()).toMatchObject({ created: 0, updated: 0, skipped: 4 });
    const rows = await server.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, s.company.id), eq(contacts.number, a)));
    expect(rows).toHaveLength(1);
  });

  it("imports an XLSX (numeric cells, ';' tags, Portuguese headers) and publishes the new contacts", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const n = phone();
    const file = await xlsx([
      ["Nome", "Número", "E-mail", "Etiquetas"],
      ["Dora", Number(n), "dora@example.com", "cliente; b2b"],
      ["Edu", Number(n), "", ""],
      ["Fábio", "123", "", ""],
    ]);
    const mine = await connect(server, s.as.member.token);
    const theirs = await connect(server, other.as.admin.token);
    try {
      // The import publishes as it stores, before it answers: the answer is the control.
      const imported = multipart(server, s.as.admin, "POST", "/contacts/import", {
        files: [{ filename: "lista.xlsx", type: XLSX_TYPE, data: file }],
      });
      const events = collect<{ action: string; contact: { number: string } }>(
        server,
        mine,
        `company-${s.company.id}-contact`,
        imported,
      );
      const leak = collect(server, theirs, `company-${s.company.id}-contact`, imported);
      const res = await imported;
      expect(res.json()).toEqual({
        created: 1,
        updated: 0,
        skipped: 1,
        errors: [{ row: 4, message: "Number too short" }],
      });
      expect((await events).map((e) => [e.action, e.contact.number])).toEqual([["create", n]]);
      expect(await leak).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
    const dora = (await request(server, s.as.member, "GET", `/contacts/?searchParam=${n}`)).json();
    expect(dora.contacts[0]).toMatchObject({ name: "Dora", email: "dora@example.com" });
    expect(dora.contacts[0].tags.map((t: { name: string }) => t.name)).toEqual(["b2b", "cliente"]);
  });

  it("without a file asks for the address book (none yet); wrong files and agents are refused", async () => {
    const s = await seedCompany(server);
    const none = await request(server, s.as.admin, "POST", "/contacts/import");
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe("ERR_NO_ADDRESS_BOOK");
    const wrong = await multipart(server, s.as.admin, "POST", "/contacts/import", { files: [pdf] });
    expect(wrong.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { file: "Use CSV or XLSX" },
    });
    const noNumber = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [{ filename: "a.csv", type: "text/csv", data: "nome;email\nAna;a@b.c\n" }],
    });
    expect(noNumber.json().fields).toEqual({ file: "Missing number column" });
    const broken = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [{ filename: "a.xlsx", type: XLSX_TYPE, data: "not a zip" }],
    });
    expect(broken.statusCode).toBe(400);
    const agent = await multipart(server, s.as.member, "POST", "/contacts/import", {
      files: [{ filename: "a.csv", type: "text/csv", data: `name,number\nX,${phone()}\n` }],
    });
    expect(agent.statusCode).toBe(403);
  });

  it("a file over the row limit is refused without being read whole, however it is built", async () => {
    const s = await seedCompany(server);
    const tooLong = "name;number\n" + `X;${phone()}\n`.repeat(50_001);
    const csv = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [{ filename: "a.csv", type: "text/csv", data: tooLong }],
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().fields).toEqual({ file: "Too many rows" });
    // A few kilobytes naming the sheet's last cell: 1,048,576 rows × 16,384 columns if walked.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Plan1");
    sheet.getCell("A1").value = "number";
    sheet.getCell("A2").value = phone();
    sheet.getCell("XFD1048576").value = "x";
    const crafted = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [
        {
          filename: "a.xlsx",
          type: XLSX_TYPE,
          data: Buffer.from(await workbook.xlsx.writeBuffer()),
        },
      ],
    });
    expect(crafted.statusCode).toBe(400);
    expect(crafted.json().fields).toEqual({ file: "Too many rows" });
    // A row of a million separators keeps its first columns only.
    const wide = `name;number${";".repeat(1_000_000)}\nLarga;${phone()}\n`;
    const ok = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [{ filename: "a.csv", type: "text/csv", data: wide }],
    });
    expect(ok.json()).toMatchObject({ created: 1, errors: [] });
  });

  it("reads a CSV saved by Excel in Windows-1252 with its accents", async () => {
    const s = await seedCompany(server);
    const number = phone();
    const data = Buffer.from(`nome;número\nJoão Conceição;${number}\n`, "latin1");
    const res = await multipart(server, s.as.admin, "POST", "/contacts/import", {
      files: [{ filename: "a.csv", type: "text/csv", data }],
    });
    expect(res.json()).toMatchObject({ created: 1, errors: [] });
    const [row] = await server.db
      .select({ name: contacts.name })
      .from(contacts)
      .where(and(eq(contacts.companyId, s.company.id), eq(contacts.number, number)));
    expect(row?.name).toBe("João Conceição");
  });
});

describe("contacts export", () => {
  it("downloads the company's contacts as contatos.xlsx, readable back with their tags", async () => {
    const s = await seedCompany(server);
    const other = await seedCompany(server);
    const tag = (
      await request(server, s.as.admin, "POST", "/tags", { name: `vip${uid()}` })
    ).json();
    const n = `0${phone()}`;
    await request(server, s.as.admin, "POST", "/contacts", {
      name: "Gabi",
      number: n,
      email: "gabi@example.com",
      document: "123.456.789-00",
      tags: [tag.id],
    });
    await request(server, other.as.admin, "POST", "/contacts", { name: "Alheio", number: phone() });
    const res = await request(server, s.as.admin, "GET", "/contacts/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX_TYPE);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="contatos.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([
      ["name", "number", "email", "document", "tags"],
      ["Gabi", n, "gabi@example.com", "123.456.789-00", tag.name],
    ]);
    expect((await request(server, s.as.member, "GET", "/contacts/export")).statusCode).toBe(403);
  });
});
