import { and, asc, count, eq, inArray, or } from "drizzle-orm";
import {
  checkPhoneNumber,
  CONTACT_LIST_ITEMS_MAX,
  PAGE_SIZE,
  PHONE_ERROR_MESSAGE,
  TEXT_MAX,
  type ContactImportResult,
  type contactListItemQuerySchema,
  type contactListItemSchema,
  type contactListItemUpdateSchema,
  type contactListQuerySchema,
  type contactListSchema,
} from "@atrium/shared";
import { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { campaigns, contactListItems, contactLists } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { assertCampaignsAccess } from "../campaigns/campaigns.policy.js";
import { readImport } from "../contacts/contacts.transfer.js";
import type { IncomingFile } from "../files/files.service.js";
import {
  presentContactList,
  presentContactListItem,
  presentContactLists,
} from "./contact-lists.presenter.js";

type ListRow = typeof contactLists.$inferSelect;
type ItemRow = typeof contactListItems.$inferSelect;
type ListInput = z.output<typeof contactListSchema>;
type ListQuery = z.output<typeof contactListQuerySchema>;
type ItemInput = z.output<typeof contactListItemSchema>;
type ItemUpdate = z.output<typeof contactListItemUpdateSchema>;
type ItemQuery = z.output<typeof contactListItemQuerySchema>;

const emailCheck = z.email();

/** Campaign states that still read their list: the list cannot be deleted under them. */
const LIST_IN_USE_STATES = ["PROGRAMADA", "EM_ANDAMENTO", "PAUSADA"];

/** GET /contact-lists/template: the header the import reads and two example rows. */
export const CONTACT_LIST_TEMPLATE =
  "name;number;email\r\nMaria Silva;5511999990001;maria@example.com\r\nJoão Souza;5521988880002;\r\n";

/** The number as stored (digits) or the reason it is refused. */
function listNumber(raw: string): { digits: string } | { error: string } {
  const check = checkPhoneNumber(raw);
  return check.ok ? { digits: check.digits } : { error: PHONE_ERROR_MESSAGE };
}

/**
 * Contact lists and their items (campaign recipients kept apart from the company's contacts),
 * CSV/XLSX import with the header aliases of the contacts import. Admins only, while campaigns
 * are enabled (campaigns.policy.ts).
 */
export class ContactListsService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  async list(actor: Actor, q: ListQuery) {
    await assertCampaignsAccess(this.db, actor);
    const term = q.searchParam.trim();
    const where = and(
      eq(contactLists.companyId, actor.companyId),
      term ? containsInsensitive(contactLists.name, term) : undefined,
    );
    const size = PAGE_SIZE.contactLists;
    const { limit, offset } = page(q.pageNumber, size);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contactLists)
        .where(where)
        .orderBy(asc(contactLists.name), asc(contactLists.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(contactLists).where(where),
    ]);
    const { items, hasMore } = splitPage(rows, size);
    return {
      records: await presentContactLists(this.db, items),
      count: total?.n ?? 0,
      hasMore,
    };
  }

  /** Every list, short (the campaign form's select). */
  async options(actor: Actor) {
    await assertCampaignsAccess(this.db, actor);
    return this.db
      .select({ id: contactLists.id, name: contactLists.name })
      .from(contactLists)
      .where(eq(contactLists.companyId, actor.companyId))
      .orderBy(asc(contactLists.name), asc(contactLists.id));
  }

  async template(actor: Actor): Promise<string> {
    await assertCampaignsAccess(this.db, actor);
    return CONTACT_LIST_TEMPLATE;
  }

  async get(actor: Actor, id: number) {
    await assertCampaignsAccess(this.db, actor);
    return presentContactList(this.db, await this.findList(actor.companyId, id));
  }

  async create(actor: Actor, input: ListInput) {
    await assertCampaignsAccess(this.db, actor);
    const [row] = await this.db
      .insert(contactLists)
      .values({ companyId: actor.companyId, name: input.name })
      .returning();
    return this.publishList("create", row!);
  }

  async update(actor: Actor, id: number, input: ListInput) {
    await assertCampaignsAccess(this.db, actor);
    await this.findList(actor.companyId, id);
    const [row] = await this.db
      .update(contactLists)
      .set({ name: input.name })
      .where(and(eq(contactLists.id, id), eq(contactLists.companyId, actor.companyId)))
      .returning();
    return this.publishList("update", row!);
  }

  /** Refused while a scheduled, running or paused campaign reads the list. */
  async delete(actor: Actor, id: number): Promise<void> {
    await assertCampaignsAccess(this.db, actor);
    await this.findList(actor.companyId, id);
    const [used] = await this.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.companyId, actor.companyId),
          eq(campaigns.contactListId, id),
          inArray(campaigns.status, LIST_IN_USE_STATES),
        ),
      )
      .limit(1);
    if (used) throw new AppError("ERR_CONTACT_LIST_IN_USE");
    await this.db
      .delete(contactLists)
      .where(and(eq(contactLists.id, id), eq(contactLists.companyId, actor.companyId)));
    this.publisher.contactListDeleted(actor.companyId, id);
  }

  // ---------------------------------------------------------------- items

  async items(actor: Actor, q: ItemQuery) {
    await assertCampaignsAccess(this.db, actor);
    await this.findList(actor.companyId, q.contactListId);
    const term = q.searchParam.trim();
    const digits = term.replace(/\D/g, "");
    const where = and(
      eq(contactListItems.contactListId, q.contactListId),
      eq(contactListItems.companyId, actor.companyId),
      term
        ? or(
            containsInsensitive(contactListItems.name, term),
            containsInsensitive(contactListItems.number, digits || term),
            containsInsensitive(contactListItems.email, term),
          )
        : undefined,
    );
    const size = PAGE_SIZE.contactListItems;
    const { limit, offset } = page(q.pageNumber, size);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(contactListItems)
        .where(where)
        .orderBy(asc(contactListItems.name), asc(contactListItems.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(contactListItems).where(where),
    ]);
    const { items, hasMore } = splitPage(rows, size);
    return { records: items.map(presentContactListItem), count: total?.n ?? 0, hasMore };
  }

  async addItem(actor: Actor, input: ItemInput) {
    await assertCampaignsAccess(this.db, actor);
    const list = await this.findList(actor.companyId, input.contactListId);
    const number = this.checkedNumber(input.number);
    const [held] = await this.db
      .select({ n: count() })
      .from(contactListItems)
      .where(eq(contactListItems.contactListId, list.id));
    if ((held?.n ?? 0) >= CONTACT_LIST_ITEMS_MAX) throw new AppError("ERR_CONTACT_LIST_FULL");
    const [row] = await this.db
      .insert(contactListItems)
      .values({
        companyId: actor.companyId,
        contactListId: list.id,
        name: input.name,
        number,
        email: input.email.toLowerCase(),
      })
      .returning()
      .catch(rethrowDuplicate);
    await this.publishListById(list);
    return presentContactListItem(row!);
  }

  async updateItem(actor: Actor, id: number, input: ItemUpdate) {
    await assertCampaignsAccess(this.db, actor);
    const before = await this.findItem(actor.companyId, id);
    const number = this.checkedNumber(input.number);
    const [row] = await this.db
      .update(contactListItems)
      .set({
        name: input.name,
        number,
        email: input.email.toLowerCase(),
        // A new number has not been checked on WhatsApp.
        ...(number !== before.number && { isWhatsappValid: null }),
      })
      .where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, actor.companyId)))
      .returning()
      .catch(rethrowDuplicate);
    return presentContactListItem(row!);
  }

  async deleteItem(actor: Actor, id: number): Promise<void> {
    await assertCampaignsAccess(this.db, actor);
    const before = await this.findItem(actor.companyId, id);
    await this.db
      .delete(contactListItems)
      .where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, actor.companyId)));
    await this.publishListById({ id: before.contactListId, companyId: actor.companyId });
  }

  // ---------------------------------------------------------------- import

  /**
   * CSV/XLSX with a header row (name, number, email; the contacts import's aliases). A number
   * already in the list is completed (name, e-mail), a repeated one skipped; refused rows come
   * back with their reason; rows beyond CONTACT_LIST_ITEMS_MAX are refused one by one.
   */
  async importFile(actor: Actor, id: number, file: IncomingFile): Promise<ContactImportResult> {
    await assertCampaignsAccess(this.db, actor);
    const list = await this.findList(actor.companyId, id);
    const { index, body } = await readImport(file, CONTACT_LIST_ITEMS_MAX);
    const result: ContactImportResult = { created: 0, updated: 0, skipped: 0, errors: [] };
    const rows: { row: number; name: string; number: string; email: string }[] = [];
    const seen = new Set<string>();
    body.forEach((cells, i) => {
      const row = i + 2; // spreadsheet row (1 is the header)
      const get = (c: "name" | "number" | "email") =>
        index[c] === undefined ? "" : (cells[index[c]!] ?? "").trim();
      if (cells.every((c) => !c.trim())) return;
      const checked = listNumber(get("number"));
      const email = get("email").toLowerCase();
      const problem = cells.some((c) => c.includes("\u0000"))
        ? "Invalid character"
        : !get("number")
          ? "Number required"
          : "error" in checked
            ? checked.error
            : email && (email.length > TEXT_MAX.email || !emailCheck.safeParse(email).success)
              ? "Invalid email"
              : undefined;
      if (problem || "error" in checked) {
        result.errors.push({ row, message: problem ?? PHONE_ERROR_MESSAGE });
        return;
      }
      if (seen.has(checked.digits)) {
        result.skipped++;
        return;
      }
      seen.add(checked.digits);
      const name = get("name").slice(0, TEXT_MAX.title) || checked.digits;
      rows.push({ row, name, number: checked.digits, email });
    });
    await this.db.transaction((tx) => this.upsertItems(tx, list, rows, result));
    await this.publishListById(list);
    return result;
  }

  private async upsertItems(
    tx: DbOrTx,
    list: ListRow,
    rows: { row: number; name: string; number: string; email: string }[],
    result: ContactImportResult,
  ): Promise<void> {
    // Serialises imports into one list, so the cap holds.
    await tx.select().from(contactLists).where(eq(contactLists.id, list.id)).for("update");
    const [held] = await tx
      .select({ n: count() })
      .from(contactListItems)
      .where(eq(contactListItems.contactListId, list.id));
    let room = CONTACT_LIST_ITEMS_MAX - (held?.n ?? 0);
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const existing = await tx
        .select()
        .from(contactListItems)
        .where(
          and(
            eq(contactListItems.contactListId, list.id),
            inArray(
              contactListItems.number,
              chunk.map((r) => r.number),
            ),
          ),
        );
      const fresh: typeof chunk = [];
      for (const r of chunk) {
        const found = existing.find((e) => e.number === r.number);
        if (!found) {
          if (room <= 0) {
            result.errors.push({ row: r.row, message: "The list is full" });
            continue;
          }
          room--;
          fresh.push(r);
          continue;
        }
        // Complete, never erase: a name given only as the number does not replace a real one.
        const changes: Partial<ItemRow> = {};
        if (r.name !== r.number && r.name !== found.name) changes.name = r.name;
        if (r.email && r.email !== found.email) changes.email = r.email;
        if (Object.keys(changes).length === 0) {
          result.skipped++;
          continue;
        }
        await tx.update(contactListItems).set(changes).where(eq(contactListItems.id, found.id));
        result.updated++;
      }
      if (fresh.length) {
        await tx.insert(contactListItems).values(
          fresh.map((r) => ({
            companyId: list.companyId,
            contactListId: list.id,
            name: r.name,
            number: r.number,
            email: r.email,
          })),
        );
        result.created += fresh.length;
      }
    }
  }

  // ---------------------------------------------------------------- helpers

  async findList(companyId: number, id: number): Promise<ListRow> {
    const [row] = await this.db
      .select()
      .from(contactLists)
      .where(and(eq(contactLists.id, id), eq(contactLists.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_CONTACT_LIST_FOUND");
    return row;
  }

  private async findItem(companyId: number, id: number): Promise<ItemRow> {
    const [row] = await this.db
      .select()
      .from(contactListItems)
      .where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_CONTACT_LIST_ITEM_FOUND");
    return row;
  }

  private checkedNumber(raw: string): string {
    const checked = listNumber(raw);
    if ("error" in checked) {
      throw new AppError("ERR_VALIDATION", checked.error, { number: checked.error });
    }
    return checked.digits;
  }

  private async publishList(action: "create" | "update", row: ListRow) {
    const dto = await presentContactList(this.db, row);
    this.publisher.contactListChanged(row.companyId, action, dto);
    return dto;
  }

  /** The list's counts changed (items added, removed, imported or checked). */
  async publishListById(list: { id: number; companyId: number }): Promise<void> {
    const [row] = await this.db.select().from(contactLists).where(eq(contactLists.id, list.id));
    if (row) await this.publishList("update", row);
  }
}

function rethrowDuplicate(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError("ERR_CONTACT_LIST_ITEM_EXISTS");
  throw err;
}
