import { and, asc, count, eq, inArray } from "drizzle-orm";
import { isAdmin, PAGE_SIZE, type tagSchema } from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { contactTags, tags, ticketTags } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { authorize } from "../users/users.policy.js";

export type TagRef = { id: number; name: string; color: string };

export function tagIdsOf(list: (number | { id: number })[]): number[] {
  return [...new Set(list.map((t) => (typeof t === "number" ? t : t.id)))];
}

/** Replaces the tags of a contact or a ticket; every tag must belong to the company. */
export async function replaceTags(
  tx: DbOrTx,
  companyId: number,
  target: { contactId: number } | { ticketId: number },
  tagIds: number[],
): Promise<void> {
  if (tagIds.length) {
    const found = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), inArray(tags.id, tagIds)));
    if (found.length !== tagIds.length) {
      throw new AppError("ERR_VALIDATION", "Unknown tag", { tags: "Unknown tag" });
    }
  }
  if ("contactId" in target) {
    await tx.delete(contactTags).where(eq(contactTags.contactId, target.contactId));
    if (tagIds.length) {
      await tx
        .insert(contactTags)
        .values(tagIds.map((tagId) => ({ tagId, contactId: target.contactId, companyId })));
    }
  } else {
    await tx.delete(ticketTags).where(eq(ticketTags.ticketId, target.ticketId));
    if (tagIds.length) {
      await tx
        .insert(ticketTags)
        .values(tagIds.map((tagId) => ({ tagId, ticketId: target.ticketId, companyId })));
    }
  }
}

export interface TagDTO extends TagRef {
  userId: number | null;
  contactsCount: number;
}

export class TagsService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  /** The tags page: name search (case-insensitive), with how many contacts carry each tag. */
  async search(actor: Actor, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim().toLowerCase();
    const size = PAGE_SIZE.tags;
    const { limit, offset } = page(q.pageNumber, size);
    const rows = await this.db
      .select()
      .from(tags)
      .where(
        and(
          eq(tags.companyId, actor.companyId),
          term ? containsInsensitive(tags.name, term) : undefined,
        ),
      )
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(limit)
      .offset(offset);
    const { items, hasMore } = splitPage(rows, size);
    return { tags: await this.present(items), hasMore };
  }

  async get(actor: Actor, id: number): Promise<TagDTO> {
    return (await this.present([await this.findRow(actor.companyId, id)]))[0]!;
  }

  /** Renames or recolours a tag: its creator or an admin (it changes every tagged record). */
  async update(actor: Actor, id: number, input: { name: string; color: string }) {
    const before = await this.findRow(actor.companyId, id);
    authorize(mayManageTag(actor, before));
    const [row] = await this.db
      .update(tags)
      .set({ name: input.name, color: input.color })
      .where(eq(tags.id, id))
      .returning()
      .catch(rethrowDuplicateTag);
    const [dto] = await this.present([row!]);
    this.publisher.tagChanged(actor.companyId, "update", dto!);
    return dto!;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = await this.findRow(actor.companyId, id);
    authorize(mayManageTag(actor, before));
    await this.db.delete(tags).where(eq(tags.id, id));
    this.publisher.tagDeleted(actor.companyId, id);
  }

  private async findRow(companyId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(tags)
      .where(and(eq(tags.id, id), eq(tags.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_TAG_FOUND");
    return row;
  }

  private async present(rows: (typeof tags.$inferSelect)[]): Promise<TagDTO[]> {
    if (rows.length === 0) return [];
    const counts = await this.db
      .select({ tagId: contactTags.tagId, n: count() })
      .from(contactTags)
      .where(
        inArray(
          contactTags.tagId,
          rows.map((r) => r.id),
        ),
      )
      .groupBy(contactTags.tagId);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      color: r.color,
      userId: r.userId,
      contactsCount: counts.find((c) => c.tagId === r.id)?.n ?? 0,
    }));
  }

  list(actor: Actor): Promise<TagRef[]> {
    return this.db
      .select({ id: tags.id, name: tags.name, color: tags.color })
      .from(tags)
      .where(eq(tags.companyId, actor.companyId))
      .orderBy(asc(tags.name));
  }

  /** The new tag as the /tags page lists it (and as the realtime event carries it). */
  async create(actor: Actor, input: z.output<typeof tagSchema>): Promise<TagDTO> {
    const [row] = await this.db
      .insert(tags)
      .values({
        companyId: actor.companyId,
        name: input.name,
        color: input.color,
        userId: actor.id,
      })
      .returning()
      .catch(rethrowDuplicateTag);
    const [dto] = await this.present([row!]);
    this.publisher.tagChanged(actor.companyId, "create", dto!);
    return dto!;
  }

  async tagsOf(target: { contactId: number } | { ticketId: number }): Promise<TagRef[]> {
    if ("contactId" in target) {
      return this.db
        .select({ id: tags.id, name: tags.name, color: tags.color })
        .from(contactTags)
        .innerJoin(tags, eq(tags.id, contactTags.tagId))
        .where(eq(contactTags.contactId, target.contactId))
        .orderBy(asc(tags.name));
    }
    return this.db
      .select({ id: tags.id, name: tags.name, color: tags.color })
      .from(ticketTags)
      .innerJoin(tags, eq(tags.id, ticketTags.tagId))
      .where(eq(ticketTags.ticketId, target.ticketId))
      .orderBy(asc(tags.name));
  }
}

function mayManageTag(actor: Actor, tag: { userId: number | null }): boolean {
  return isAdmin(actor) || tag.userId === actor.id;
}

function rethrowDuplicateTag(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw new AppError("ERR_VALIDATION", "A tag with this name already exists", {
      name: "Duplicated",
    });
  }
  throw err;
}
