import { and, asc, eq, inArray } from "drizzle-orm";
import { type tagSchema } from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { contactTags, tags, ticketTags } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";

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

export class TagsService {
  constructor(private readonly db: Db) {}

  list(actor: Actor): Promise<TagRef[]> {
    return this.db
      .select({ id: tags.id, name: tags.name, color: tags.color })
      .from(tags)
      .where(eq(tags.companyId, actor.companyId))
      .orderBy(asc(tags.name));
  }

  async create(actor: Actor, input: z.output<typeof tagSchema>): Promise<TagRef> {
    try {
      const [row] = await this.db
        .insert(tags)
        .values({
          companyId: actor.companyId,
          name: input.name,
          color: input.color,
          userId: actor.id,
        })
        .returning({ id: tags.id, name: tags.name, color: tags.color });
      return row!;
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError("ERR_VALIDATION", "A tag with this name already exists", {
          name: "Duplicated",
        });
      }
      throw err;
    }
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
