import { getTableName, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { contactExtraInfo, contacts, contactTags, tags } from "../../db/schema/index.js";

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

/** JSON read back as text (PGlite under drizzle) or already parsed (node-postgres). */
const parsed = <T>(value: T[] | string | null): T[] =>
  typeof value === "string" ? (JSON.parse(value) as T[]) : (value ?? []);

/**
 * The contact's extra information and tags, beside its row (one statement for a page). Written
 * out with table names: in a one-table select drizzle leaves column names unqualified, and the
 * subqueries must point at the outer contact.
 */
const details = {
  extraInfo: sql<ExtraInfoDTO[] | string>`(select coalesce(json_agg(json_build_object(
      'id', e.id, 'name', e.name, 'value', e.value) order by e.id), '[]')
    from ${contactExtraInfo} e where e.contact_id = ${sql.raw(`"${getTableName(contacts)}"."id"`)})`,
  tags: sql<TagDTO[] | string>`(select coalesce(json_agg(json_build_object(
      'id', t.id, 'name', t.name, 'color', t.color) order by t.name, t.id), '[]')
    from ${contactTags} ct join ${tags} t on t.id = ct.tag_id
    where ct.contact_id = ${sql.raw(`"${getTableName(contacts)}"."id"`)})`,
};

function present(
  c: ContactRow,
  extraInfo: ExtraInfoDTO[] | string | null,
  tagList: TagDTO[] | string | null,
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
    extraInfo: parsed(extraInfo),
    tags: parsed(tagList),
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

/**
 * The contacts of `ids` (already scoped to a company by the query that found them), in that
 * order, read and presented in one statement.
 */
export async function presentContactsByIds(db: DbOrTx, ids: number[]): Promise<ContactDTO[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select({ c: contacts, ...details })
    .from(contacts)
    .where(inArray(contacts.id, ids));
  const byId = new Map(found.map((r) => [r.c.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [present(r.c, r.extraInfo, r.tags)] : [];
  });
}

export async function presentContact(db: DbOrTx, row: ContactRow): Promise<ContactDTO> {
  return (await presentContacts(db, [row]))[0]!;
}
