import { and, asc, count, eq, or } from "drizzle-orm";
import { can, type contactSchema, PAGE_SIZE } from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { contactExtraInfo, contacts } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
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
    const where = and(
      eq(contacts.companyId, actor.companyId),
      term
        ? or(
            containsInsensitive(contacts.name, term),
            containsInsensitive(contacts.number, normalizeNumber(term) || term),
          )
        : undefined,
    );
    const size = PAGE_SIZE.contacts;
    const { limit, offset } = page(q.pageNumber, size);
    const rows = await this.db
      .select()
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.name), asc(contacts.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(contacts).where(where);
    const { items, hasMore } = splitPage(rows, size);
    return { contacts: await presentContacts(this.db, items), count: total?.n ?? 0, hasMore };
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
    await this.findRow(actor.companyId, id);
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
