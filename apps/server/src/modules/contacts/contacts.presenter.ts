import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { contactExtraInfo, type contacts, contactTags, tags } from "../../db/schema/index.js";

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

export async function presentContacts(db: DbOrTx, rows: ContactRow[]): Promise<ContactDTO[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [extra, tagRows] = await Promise.all([
    db
      .select()
      .from(contactExtraInfo)
      .where(inArray(contactExtraInfo.contactId, ids))
      .orderBy(asc(contactExtraInfo.id)),
    db
      .select({ contactId: contactTags.contactId, id: tags.id, name: tags.name, color: tags.color })
      .from(contactTags)
      .innerJoin(tags, eq(tags.id, contactTags.tagId))
      .where(inArray(contactTags.contactId, ids))
      .orderBy(asc(tags.name)),
  ]);
  return rows.map((c) => ({
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
    extraInfo: extra
      .filter((e) => e.contactId === c.id)
      .map(({ id, name, value }) => ({ id, name, value })),
    tags: tagRows
      .filter((t) => t.contactId === c.id)
      .map(({ id, name, color }) => ({ id, name, color })),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  }));
}

export async function presentContact(db: DbOrTx, row: ContactRow): Promise<ContactDTO> {
  return (await presentContacts(db, [row]))[0]!;
}
