import { and, asc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { can, type contactSchema, LIST_COUNT_LIMIT, PAGE_SIZE } from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { contactExtraInfo, contacts } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import {
  containsInsensitive,
  countUpTo,
  page,
  plannedRows,
  plannedRowsCached,
  splitPage,
} from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { replaceTags, tagIdsOf } from "../tags/tags.service.js";
import { authorize } from "../users/users.policy.js";
import { presentContact, presentContacts, type ContactDTO } from "./contacts.presenter.js";

type ContactInput = z.output<typeof contactSchema>;

/** Digits only for phone numbers typed by agents ("+55 (11) 9…" → "5511…"). */
export function normalizeNumber(number: string): string {
  const trimmed = number.trim();
  return /^[\d\s()+.-]+$/.test(trimmed) ? trimmed.replace(/\D/g, "") : trimmed;
}

export class ContactsService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  /** A contact of the actor's company, or ERR_NO_CONTACT_FOUND. */
  async findRow(companyId: number, id: number, tx: DbOrTx = this.db) {
    const [row] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_CONTACT_FOUND");
    return row;
  }

  async get(actor: Actor, id: number): Promise<ContactDTO> {
    return presentContact(this.db, await this.findRow(actor.companyId, id));
  }

  async search(actor: Actor, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim();
    const company = eq(contacts.companyId, actor.companyId);
    const where = and(
      company,
      term
        ? or(
            containsInsensitive(contacts.name, term),
            containsInsensitive(contacts.number, normalizeNumber(term) || term),
          )
        : undefined,
    );
    const size = PAGE_SIZE.contacts;
    const { limit, offset } = page(q.pageNumber, size);
    const byMatches =
      term && !(await this.walkPays(actor, company, where!, limit + offset))
        ? await this.pageOfMatches(where!, limit, offset)
        : undefined;
    const [rows, total] = byMatches
      ? [byMatches.rows, Math.min(byMatches.matches, LIST_COUNT_LIMIT)]
      : await Promise.all([
          this.db
            .select()
            .from(contacts)
            .where(where)
            .orderBy(asc(contacts.name), asc(contacts.id))
            .limit(limit)
            .offset(offset),
          countUpTo(this.db, contacts, where),
        ]);
    const { items, hasMore } = splitPage(rows, size);
    return { contacts: await presentContacts(this.db, items), count: total, hasMore };
  }

  /**
   * Whether walking the contacts in name order and filtering finds a page sooner than taking
   * every trigram match and sorting it: only when matches are dense. The walk's cost depends
   * on where in the alphabet the matches sit (a fragment of one first name may only start
   * matching near the end), so it is chosen only well past the break-even point.
   */
  private async walkPays(actor: Actor, company: SQL, where: SQL, need: number): Promise<boolean> {
    const [matches, all] = await Promise.all([
      plannedRows(this.db, sql`select 1 from ${contacts} where ${where}`),
      plannedRowsCached(
        this.db,
        `contacts:${actor.companyId}`,
        sql`select 1 from ${contacts} where ${company}`,
      ),
    ]);
    return matches * matches > 16 * need * all;
  }

  /**
   * The page from every match (a trigram index scan), sorted: cost follows the matches. They
   * are all at hand, so their number comes along (the count without a second scan).
   */
  private async pageOfMatches(where: SQL, limit: number, offset: number) {
    // Materialized: the planner may not trade the trigram scan for a walk in name order.
    const res = (await this.db.execute(sql`with matched as materialized (
        select ${contacts.id} as id, ${contacts.name} as name from ${contacts} where ${where})
      select id, count(*) over () as matches from matched
      order by name, id limit ${limit} offset ${offset}`)) as unknown as {
      rows: { id: number; matches: number | string }[];
    };
    const ids = res.rows.map((r) => Number(r.id));
    // Past the last match the page is empty and says nothing: count them on their own.
    const matches = res.rows.length
      ? Number(res.rows[0]!.matches)
      : await countUpTo(this.db, contacts, where);
    if (!ids.length) return { rows: [], matches };
    const found = await this.db.select().from(contacts).where(inArray(contacts.id, ids));
    const byId = new Map(found.map((r) => [r.id, r]));
    return { rows: ids.flatMap((id) => byId.get(id) ?? []), matches };
  }

  async list(actor: Actor) {
    return this.db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number })
      .from(contacts)
      .where(eq(contacts.companyId, actor.companyId))
      .orderBy(asc(contacts.name));
  }

  async create(actor: Actor, input: ContactInput): Promise<ContactDTO> {
    const row = await this.db
      .transaction(async (tx) => {
        const [created] = await tx
          .insert(contacts)
          .values({
            companyId: actor.companyId,
            name: input.name,
            number: normalizeNumber(input.number),
            email: input.email,
            document: input.document,
          })
          .returning();
        await this.writeDetails(tx, actor.companyId, created!.id, input);
        return created!;
      })
      .catch(rethrowDuplicate);
    const dto = await presentContact(this.db, row);
    this.publisher.contactChanged(actor.companyId, "create", dto);
    return dto;
  }

  async update(actor: Actor, id: number, input: ContactInput): Promise<ContactDTO> {
    const current = await this.findRow(actor.companyId, id);
    // Only a web-chat visitor may go without a number (contactUpdateSchema lets '' through).
    if (!input.number.trim() && !current.visitorId) {
      throw new AppError("ERR_VALIDATION", "Required", { number: "Required" });
    }
    const row = await this.db
      .transaction(async (tx) => {
        const [updated] = await tx
          .update(contacts)
          .set({
            name: input.name,
            number: normalizeNumber(input.number),
            email: input.email,
            document: input.document,
          })
          .where(and(eq(contacts.id, id), eq(contacts.companyId, actor.companyId)))
          .returning();
        await tx.delete(contactExtraInfo).where(eq(contactExtraInfo.contactId, id));
        await this.writeDetails(tx, actor.companyId, id, input);
        return updated!;
      })
      .catch(rethrowDuplicate);
    const dto = await presentContact(this.db, row);
    this.publisher.contactChanged(actor.companyId, "update", dto);
    return dto;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    authorize(can(actor, "contacts-page:deleteContact"));
    await this.findRow(actor.companyId, id);
    await this.db
      .delete(contacts)
      .where(and(eq(contacts.id, id), eq(contacts.companyId, actor.companyId)));
    this.publisher.contactDeleted(actor.companyId, id);
  }

  private async writeDetails(
    tx: DbOrTx,
    companyId: number,
    contactId: number,
    input: ContactInput,
  ) {
    if (input.extraInfo.length) {
      await tx
        .insert(contactExtraInfo)
        .values(
          input.extraInfo.map((e) => ({ companyId, contactId, name: e.name, value: e.value })),
        );
    }
    if (input.tags) await replaceTags(tx, companyId, { contactId }, tagIdsOf(input.tags));
  }
}

function rethrowDuplicate(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError("ERR_DUPLICATED_CONTACT");
  throw err;
}
