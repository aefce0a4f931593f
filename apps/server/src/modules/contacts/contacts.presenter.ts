import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { contactExtraInfo, contacts, contactTags, tags } from "../../db/schema/index.js";
import { shapedQuery } from "../../lib/shaped.js";
import { parsed, prerendered, type JsonRef } from "../../lib/sql.js";

export type ContactRow = typeof contacts.$inferSelect;

export interface ContactDTO {
  id: number;
  name: string;
  number: string;
  email: string;
  document: string;
  profilePicUrl: string;
  isGroup: boolean;
  channelType: string | null;
  /** A web-chat visitor's connection: the only one that reaches them (no internal id here). */
  visitorConnectionId: number | null;
  companyId: number;
  extraInfo: { id: number; name: string; value: string }[];
  tags: { id: number; name: string; color: string }[];
  createdAt: string;
  updatedAt: string;
}

type ExtraInfoDTO = ContactDTO["extraInfo"][number];
type TagDTO = ContactDTO["tags"][number];

/**
 * The contact's extra information and tags, beside its row (one statement for a page).
 * Rendered once, so the columns stay qualified: in a one-table select drizzle would leave them
 * bare, and the subqueries' reference to the contact would bind to their own tables.
 */
const details = {
  extraInfo: prerendered(
    sql<JsonRef<ExtraInfoDTO[]>>`(select coalesce(json_agg(json_build_object(
      'id', ${contactExtraInfo.id}, 'name', ${contactExtraInfo.name},
      'value', ${contactExtraInfo.value}) order by ${contactExtraInfo.id}), '[]')
    from ${contactExtraInfo} where ${contactExtraInfo.contactId} = ${contacts.id})`,
  ),
  tags: prerendered(
    sql<JsonRef<TagDTO[]>>`(select coalesce(json_agg(json_build_object(
      'id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color})
      order by ${tags.name}, ${tags.id}), '[]')
    from ${contactTags} join ${tags} on ${tags.id} = ${contactTags.tagId}
    where ${contactTags.contactId} = ${contacts.id})`,
  ),
};

function present(
  c: ContactRow,
  extraInfo: JsonRef<ExtraInfoDTO[]>,
  tagList: JsonRef<TagDTO[]>,
): ContactDTO {
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    email: c.email,
    document: c.document,
    profilePicUrl: c.profilePicUrl,
    isGroup: c.isGroup,
    channelType: c.channelType,
    visitorConnectionId: c.visitorConnectionId,
    companyId: c.companyId,
    extraInfo: parsed(extraInfo) ?? [],
    tags: parsed(tagList) ?? [],
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Contacts already read, presented with their details (one statement). */
export async function presentContacts(db: DbOrTx, rows: ContactRow[]): Promise<ContactDTO[]> {
  if (rows.length === 0) return [];
  const found = await db
    .select({ id: contacts.id, ...details })
    .from(contacts)
    .where(
      inArray(
        contacts.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(found.map((d) => [d.id, d]));
  return rows.map((c) =>
    present(c, byId.get(c.id)?.extraInfo ?? null, byId.get(c.id)?.tags ?? null),
  );
}

/** Contacts by id with their details, built once per number of ids and planned once. */
const contactsWhere = shapedQuery(
  (db, where) =>
    db
      .select({ c: contacts, ...details })
      .from(contacts)
      .where(where)
      .prepare(""),
  { byKey: true },
);

/**
 * The contacts of `ids` (already scoped to a company by the query that found them), in that
 * order, read and presented in one statement.
 */
export async function presentContactsByIds(db: DbOrTx, ids: number[]): Promise<ContactDTO[]> {
  if (ids.length === 0) return [];
  const found = await contactsWhere(db, inArray(contacts.id, ids), {});
  const byId = new Map(found.map((r) => [r.c.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [present(r.c, r.extraInfo, r.tags)] : [];
  });
}

export async function presentContact(db: DbOrTx, row: ContactRow): Promise<ContactDTO> {
  return (await presentContacts(db, [row]))[0]!;
}
