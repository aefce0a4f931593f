import { and, asc, eq, or, sql, type SQL } from "drizzle-orm";
import { can, type contactSchema, PAGE_SIZE } from "@atrium/shared";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { contactExtraInfo, contacts } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import {
  containsFolded,
  containsInsensitive,
  page,
  plannedRowsCached,
  splitPage,
} from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { replaceTags, tagIdsOf } from "../tags/tags.service.js";
import { authorize } from "../users/users.policy.js";
import { presentContact, presentContactsByIds, type ContactDTO } from "./contacts.presenter.js";

type ContactInput = z.output<typeof contactSchema>;

/** Digits only for phone numbers typed by agents ("+55 (11) 9…" → "5511…"). */
export function normalizeNumber(number: string): string {
  const trimmed = number.trim();
  return /^[\d\s()+.-]+$/.test(trimmed) ? trimmed.replace(/\D/g, "") : trimmed;
}

/**
 * A contacts search term: in the name, or in the number (normalised when it is one). `contains`
 * is containsInsensitive where the trigram indexes answer, containsFolded on a walk.
 */
function termMatches(
  name: PgColumn,
  number: PgColumn,
  term: string,
  contains = containsInsensitive,
): SQL {
  return or(contains(name, term), contains(number, normalizeNumber(term) || term))!;
}

/**
 * The ids of the page among the first `budget` contacts in name order that match: the index in
 * name order (contacts_name_walk holds name, id and number) is read until the page is full or
 * the budget spent, each entry tested on the way, no table row read.
 */
export function contactsWalkQuery(
  db: DbOrTx,
  company: SQL,
  term: string,
  limit: number,
  offset: number,
  budget: number,
) {
  const walked = db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number })
    .from(contacts)
    .where(company)
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(budget)
    .as("walked");
  return db
    .select({ id: walked.id })
    .from(walked)
    .where(termMatches(walked.name, walked.number, term, containsFolded))
    .orderBy(asc(walked.name), asc(walked.id))
    .limit(limit)
    .offset(offset);
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

  /**
   * A page of contacts in name order, those whose name or number holds the term. The answer is
   * {contacts, hasMore}: no count, which no screen shows and which cost a dense term a second
   * trigram scan.
   */
  async search(actor: Actor, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim();
    const company = eq(contacts.companyId, actor.companyId);
    const size = PAGE_SIZE.contacts;
    const { limit, offset } = page(q.pageNumber, size);
    let ids: number[];
    if (!term) {
      const rows = await this.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(company)
        .orderBy(asc(contacts.name), asc(contacts.id))
        .limit(limit)
        .offset(offset);
      ids = rows.map((r) => r.id);
    } else {
      const where = and(company, termMatches(contacts.name, contacts.number, term))!;
      const budget = await this.walkBudget(actor, company, where, term, limit + offset);
      const walked = budget
        ? (await contactsWalkQuery(this.db, company, term, limit, offset, budget)).map((r) => r.id)
        : undefined;
      // A walk that fills the page answers; one that came short (its budget spent before the
      // page was full, or the contacts ran out) leaves it to the matches, which are exact.
      ids = walked?.length === limit ? walked : await this.pageOfMatches(where, limit, offset);
    }
    const { items, hasMore } = splitPage(ids, size);
    return { contacts: await presentContactsByIds(this.db, items), hasMore };
  }

  /**
   * Whether walking the contacts in name order and filtering finds a page sooner than taking
   * every trigram match and sorting it, from the planner's estimates: the walk visits about
   * need × contacts / matches rows, the other shape every match. Where in the alphabet the
   * matches sit also counts (a fragment of one first name may only start matching near the
   * end), so the walk gets a budget of rows (four times the expected visits) past which the
   * matches answer instead. Undefined: take the matches.
   */
  private async walkBudget(
    actor: Actor,
    company: SQL,
    where: SQL,
    term: string,
    need: number,
  ): Promise<number | undefined> {
    const [matches, all] = await Promise.all([
      plannedRowsCached(
        this.db,
        `contacts:${actor.companyId}:${term.toLowerCase()}`,
        sql`select 1 from ${contacts} where ${where}`,
      ),
      plannedRowsCached(
        this.db,
        `contacts:${actor.companyId}`,
        sql`select 1 from ${contacts} where ${company}`,
      ),
    ]);
    const visits = (need * all) / Math.max(matches, 1);
    return visits < matches ? Math.max(1000, Math.ceil(4 * visits)) : undefined;
  }

  /** The page's ids from every match (a trigram index scan), sorted: cost follows the matches. */
  private async pageOfMatches(where: SQL, limit: number, offset: number) {
    // Materialized: the planner may not trade the trigram scan for a walk in name order.
    const res = (await this.db.execute(sql`with matched as materialized (
        select ${contacts.id} as id, ${contacts.name} as name from ${contacts} where ${where})
      select id from matched order by name, id limit ${limit} offset ${offset}`)) as unknown as {
      rows: { id: number }[];
    };
    return res.rows.map((r) => Number(r.id));
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
