import { and, asc, eq, inArray } from "drizzle-orm";
import type ExcelJS from "exceljs";
import {
  can,
  CONTACT_NUMBER_MAX,
  TEXT_MAX,
  CONTACT_NUMBER_MIN,
  type ContactImportResult,
} from "@atrium/shared";
import { z } from "zod";
import type { Db, Tx } from "../../db/client.js";
import { contacts, contactTags, tags } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import type { IncomingFile } from "../files/files.service.js";
import { authorize } from "../users/users.policy.js";
import { presentContacts } from "./contacts.presenter.js";
import { normalizeNumber } from "./contacts.service.js";

/** Header names accepted per column (lowercased, accents stripped); contact lists share them. */
export const COLUMNS = {
  name: ["name", "nome"],
  number: ["number", "numero", "telefone", "phone", "whatsapp", "celular"],
  email: ["email", "e-mail"],
  tags: ["tags", "tag", "etiquetas"],
} as const;
export type Column = keyof typeof COLUMNS;

/** Above this many changed contacts, no per-contact live events: the client reloads the list. */
const LIVE_EVENTS_MAX = 100;
const MAX_ROWS = 50_000;

const emailCheck = z.email();

interface ParsedRow {
  row: number;
  name: string;
  number: string;
  email: string;
  tags: string[];
}

/**
 * Contact import (CSV or XLSX with a header row: name, number, email, tags) and export (XLSX).
 * Import upserts by number: a known number is completed (name, email, added tags), never
 * duplicated or emptied; a repeated number in the file is skipped; bad rows are reported.
 */
export class ContactsTransfer {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  async importFile(actor: Actor, file: IncomingFile | undefined): Promise<ContactImportResult> {
    authorize(can(actor, "contacts-page:importExport"));
    // Without a file the spec's client asks for the device address book: no channel has one.
    if (!file) throw new AppError("ERR_NO_ADDRESS_BOOK");
    const table = await readImport(file, MAX_ROWS);
    const result: ContactImportResult = { created: 0, updated: 0, skipped: 0, errors: [] };
    const rows = this.parseRows(table, result);
    const changed = await this.db.transaction((tx) => this.upsert(tx, actor, rows, result));
    if (changed.created.length + changed.updated.length <= LIVE_EVENTS_MAX) {
      const all = await this.db
        .select()
        .from(contacts)
        .where(inArray(contacts.id, [...changed.created, ...changed.updated, 0]));
      for (const dto of await presentContacts(this.db, all)) {
        const action = changed.created.includes(dto.id) ? "create" : "update";
        this.publisher.contactChanged(actor.companyId, action, dto);
      }
    }
    return result;
  }

  async exportXlsx(actor: Actor): Promise<Buffer> {
    authorize(can(actor, "contacts-page:importExport"));
    const rows = await this.db
      .select({
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        email: contacts.email,
        document: contacts.document,
      })
      .from(contacts)
      .where(eq(contacts.companyId, actor.companyId))
      .orderBy(asc(contacts.name), asc(contacts.id));
    const tagRows = await this.db
      .select({ contactId: contactTags.contactId, name: tags.name })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(eq(contactTags.companyId, actor.companyId))
      .orderBy(asc(tags.name));
    const tagsOf = new Map<number, string[]>();
    for (const t of tagRows) tagsOf.set(t.contactId, [...(tagsOf.get(t.contactId) ?? []), t.name]);
    const workbook = new (await excel()).Workbook();
    const sheet = workbook.addWorksheet("Contatos");
    sheet.columns = [
      { header: "name", key: "name", width: 32 },
      { header: "number", key: "number", width: 20 },
      { header: "email", key: "email", width: 32 },
      { header: "document", key: "document", width: 20 },
      { header: "tags", key: "tags", width: 32 },
    ];
    for (const r of rows) sheet.addRow({ ...r, tags: (tagsOf.get(r.id) ?? []).join(", ") });
    // Numbers stay text: Excel would drop leading zeros or show 5.5119E+12.
    sheet.getColumn("number").numFmt = "@";
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  private parseRows({ index, body }: ImportTable, result: ContactImportResult): ParsedRow[] {
    const seen = new Set<string>();
    const rows: ParsedRow[] = [];
    body.forEach((cells, i) => {
      const row = i + 2; // spreadsheet row (1 is the header)
      const get = (c: Column) => (index[c] === undefined ? "" : (cells[index[c]!] ?? "").trim());
      if (cells.every((c) => !c.trim())) return;
      const number = normalizeNumber(get("number"));
      const email = get("email").toLowerCase();
      const tagNames = get("tags")
        .split(/[,;|]/)
        .map((t) => t.trim())
        .filter(Boolean);
      const longTag = tagNames.find((t) => t.length > TEXT_MAX.tagName);
      const problem = cells.some((c) => c.includes("\u0000"))
        ? "Invalid character"
        : !number
          ? "Number required"
          : number.length < CONTACT_NUMBER_MIN
            ? "Number too short"
            : number.length > CONTACT_NUMBER_MAX
              ? "Number too long"
              : email && (email.length > TEXT_MAX.email || !emailCheck.safeParse(email).success)
                ? "Invalid email"
                : tagNames.find((t) => t.length < 3)
                  ? `Tag "${tagNames.find((t) => t.length < 3)}" is too short`
                  : longTag
                    ? `Tag "${longTag.slice(0, 20)}…" is too long`
                    : undefined;
      if (problem) {
        result.errors.push({ row, message: problem });
        return;
      }
      if (seen.has(number)) {
        result.skipped++;
        return;
      }
      seen.add(number);
      rows.push({ row, number, email, tags: tagNames, name: get("name").slice(0, 50) || number });
    });
    return rows;
  }

  private async upsert(tx: Tx, actor: Actor, rows: ParsedRow[], result: ContactImportResult) {
    const companyId = actor.companyId;
    const changed = { created: [] as number[], updated: [] as number[] };
    const tagIds = await this.ensureTags(tx, actor, rows);
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const existing = await tx
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.companyId, companyId),
            inArray(
              contacts.number,
              chunk.map((r) => r.number),
            ),
          ),
        );
      const existingTags = existing.length
        ? await tx
            .select()
            .from(contactTags)
            .where(
              inArray(
                contactTags.contactId,
                existing.map((c) => c.id),
              ),
            )
        : [];
      for (const r of chunk) {
        const wanted = r.tags.map((t) => tagIds.get(t.toLowerCase())!);
        const found = existing.find((c) => c.number === r.number);
        if (!found) {
          const [created] = await tx
            .insert(contacts)
            .values({ companyId, name: r.name, number: r.number, email: r.email })
            .returning({ id: contacts.id });
          await addTags(tx, companyId, created!.id, wanted);
          changed.created.push(created!.id);
          result.created++;
          continue;
        }
        // Complete, never erase: a name given only as the number does not replace a real one.
        const changes: Partial<typeof contacts.$inferInsert> = {};
        if (r.name !== r.number && r.name !== found.name) changes.name = r.name;
        if (r.email && r.email !== found.email) changes.email = r.email;
        const has = existingTags.filter((t) => t.contactId === found.id).map((t) => t.tagId);
        const missing = [...new Set(wanted.filter((id) => !has.includes(id)))];
        if (Object.keys(changes).length === 0 && missing.length === 0) {
          result.skipped++;
          continue;
        }
        if (Object.keys(changes).length) {
          await tx.update(contacts).set(changes).where(eq(contacts.id, found.id));
        }
        await addTags(tx, companyId, found.id, missing);
        changed.updated.push(found.id);
        result.updated++;
      }
    }
    return changed;
  }

  /** Tag names of the file → ids; missing tags are created (matched case-insensitively). */
  private async ensureTags(tx: Tx, actor: Actor, rows: ParsedRow[]) {
    const names = new Map<string, string>();
    for (const r of rows) for (const t of r.tags) names.set(t.toLowerCase(), t);
    const ids = new Map<string, number>();
    if (names.size === 0) return ids;
    const known = await tx.select().from(tags).where(eq(tags.companyId, actor.companyId));
    for (const t of known) ids.set(t.name.toLowerCase(), t.id);
    for (const [key, name] of names) {
      if (ids.has(key)) continue;
      const [created] = await tx
        .insert(tags)
        .values({ companyId: actor.companyId, name, userId: actor.id })
        .returning({ id: tags.id });
      ids.set(key, created!.id);
    }
    return ids;
  }
}

async function addTags(tx: Tx, companyId: number, contactId: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return;
  await tx
    .insert(contactTags)
    .values(unique.map((tagId) => ({ contactId, tagId, companyId })))
    .onConflictDoNothing();
}

function normalizeHeader(h: string): string {
  return h
    .trim()
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** Which cell holds each column, from a header row (first alias match wins). */
export function columnIndex(header: string[]): Partial<Record<Column, number>> {
  const index: Partial<Record<Column, number>> = {};
  header.forEach((h, i) => {
    const key = normalizeHeader(h);
    for (const [column, aliases] of Object.entries(COLUMNS) as [Column, readonly string[]][]) {
      if (index[column] === undefined && aliases.includes(key)) index[column] = i;
    }
  });
  return index;
}

/**
 * exceljs, loaded on the first import or export: it weighs about 27 MiB of resident memory,
 * which a server that never moves spreadsheets should not carry.
 */
const excel = async () => (await import("exceljs")).default;

/** Columns read from an import: a stray cell far to the right does not widen every row. */
const MAX_COLUMNS = 50;

export interface ImportTable {
  /** Where each known column is (header aliases). */
  index: ReturnType<typeof columnIndex>;
  /** The rows after the header; row i is the spreadsheet's row i + 2. */
  body: string[][];
}

/**
 * An import file (contacts, contact lists): its header must name a number column, and it may
 * hold at most `maxRows` rows after the header — reading stops right after that many, so a
 * huge or crafted file costs no more than a full one.
 */
export async function readImport(file: IncomingFile, maxRows: number): Promise<ImportTable> {
  const table = await readTable(file, maxRows + 1);
  if (table.length > maxRows + 1) {
    throw new AppError("ERR_VALIDATION", `At most ${maxRows} rows per import`, {
      file: "Too many rows",
    });
  }
  const [header, ...body] = table;
  const index = columnIndex(header ?? []);
  if (index.number === undefined) {
    throw new AppError("ERR_VALIDATION", "The file needs a header row with a 'number' column", {
      file: "Missing number column",
    });
  }
  return { index, body };
}

/** Thrown inside exceljs's row walk to stop it. */
const ENOUGH = Symbol("enough rows");

/**
 * The file as rows of text cells, at most `limit` + 1 of them (one more tells the caller the
 * file is over its limit) and MAX_COLUMNS wide: XLSX through exceljs, CSV through `parseCsv`.
 * The type is the one detected from the bytes (an XLSX is a zip; a CSV is text), not the name.
 */
async function readTable(file: IncomingFile, limit: number): Promise<string[][]> {
  const name = file.filename.toLowerCase();
  const zip = file.mimetype === "application/zip" && name.endsWith(".xlsx");
  if (file.mimetype.includes("spreadsheetml") || zip) {
    const workbook = new (await excel()).Workbook();
    try {
      await workbook.xlsx.load(file.data as unknown as ArrayBuffer);
    } catch {
      throw new AppError("ERR_VALIDATION", "The file is not a readable XLSX", {
        file: "Invalid file",
      });
    }
    const sheet = workbook.worksheets[0];
    if (!sheet) return [];
    const width = Math.min(sheet.columnCount, MAX_COLUMNS);
    const table: string[][] = [];
    try {
      // Rows with a value only; an empty row in between keeps its place (row numbers).
      sheet.eachRow((row, rowNumber) => {
        if (rowNumber > limit + 1) throw ENOUGH;
        const cells: string[] = [];
        for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c)));
        table[rowNumber - 1] = cells;
      });
    } catch (err) {
      if (err !== ENOUGH) throw err;
      table.length = limit + 1;
    }
    return Array.from(table, (r) => r ?? []);
  }
  if (file.mimetype.startsWith("text/")) {
    return parseCsv(decodeText(file.data).replace(/^\uFEFF/, ""), limit + 1);
  }
  throw new AppError("ERR_VALIDATION", "Send a CSV or XLSX file", { file: "Use CSV or XLSX" });
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A CSV's text: UTF-8, else Windows-1252 — what Excel in pt-BR and es writes ("João" is not
 * stored as "Jo�o").
 */
export function decodeText(data: Buffer): string {
  try {
    return utf8.decode(data);
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === "object" && "text" in v && typeof v.text === "string") return v.text;
  return cell.text ?? "";
}

/** RFC 4180 CSV with quotes; the delimiter is ',' or ';' (Excel in pt-BR), whichever the header uses. */
export function parseCsv(text: string, maxRows = Infinity): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === delimiter) {
      if (row.length < MAX_COLUMNS) row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row.slice(0, MAX_COLUMNS));
      if (rows.length >= maxRows) return rows;
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row.slice(0, MAX_COLUMNS));
  }
  return rows;
}
