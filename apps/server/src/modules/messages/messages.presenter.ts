import { eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { contacts, files, messages, queues, users } from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";

export type MessageRow = typeof messages.$inferSelect;

export interface MessageDTO {
  id: number;
  ticketId: number;
  contactId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  ack: number;
  isDeleted: boolean;
  isEdited: boolean;
  mediaType: string;
  mediaUrl: string | null;
  fileName: string | null;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  quotedMsg: {
    id: number;
    body: string;
    fromMe: boolean;
    mediaType: string;
    contact: { name: string } | null;
  } | null;
  contact: { id: number; name: string } | null;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  participant: string | null;
  error: string | null;
  createdAt: string;
  updatedAt: string;
}

const quoted = alias(messages, "quoted");
const quotedContact = alias(contacts, "quoted_contact");

/** Messages as JSON with signed media URLs, quoted message, queue, contact and sender. */
export async function presentMessages(
  db: DbOrTx,
  signer: FileSigner,
  rows: MessageRow[],
): Promise<MessageDTO[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const extra = await db
    .select({
      id: messages.id,
      file: { id: files.id, name: files.name },
      queue: { id: queues.id, name: queues.name },
      contact: { id: contacts.id, name: contacts.name },
      sender: { id: users.id, name: users.name },
      quoted: {
        id: quoted.id,
        body: quoted.body,
        fromMe: quoted.fromMe,
        mediaType: quoted.mediaType,
        isDeleted: quoted.isDeleted,
      },
      quotedContactName: quotedContact.name,
    })
    .from(messages)
    .leftJoin(files, eq(files.id, messages.fileId))
    .leftJoin(queues, eq(queues.id, messages.queueId))
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(users, eq(users.id, messages.senderId))
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .leftJoin(quotedContact, eq(quotedContact.id, quoted.contactId))
    .where(inArray(messages.id, ids));
  const byId = new Map(extra.map((e) => [e.id, e]));
  return rows.map((m) => {
    const e = byId.get(m.id);
    const file = e?.file?.id ? e.file : null;
    return {
      id: m.id,
      ticketId: m.ticketId,
      contactId: m.contactId,
      body: m.isDeleted ? "" : m.body,
      fromMe: m.fromMe,
      read: m.read,
      ack: m.ack,
      isDeleted: m.isDeleted,
      isEdited: m.isEdited,
      mediaType: m.mediaType,
      mediaUrl: file && !m.isDeleted ? signer.url(file.id) : null,
      fileName: file?.name ?? null,
      queueId: m.queueId,
      queue: e?.queue?.id ? e.queue : null,
      quotedMsg: e?.quoted?.id
        ? {
            id: e.quoted.id,
            body: e.quoted.isDeleted ? "" : e.quoted.body,
            fromMe: e.quoted.fromMe,
            mediaType: e.quoted.mediaType,
            contact: e.quotedContactName ? { name: e.quotedContactName } : null,
          }
        : null,
      contact: e?.contact?.id ? e.contact : null,
      senderId: m.senderId,
      sender: e?.sender?.id ? e.sender : null,
      participant: m.participant,
      error: m.error,
      createdAt: m.createdAt.toISOString(),
      updatedAt: m.updatedAt.toISOString(),
    };
  });
}

export async function presentMessage(
  db: DbOrTx,
  signer: FileSigner,
  row: MessageRow,
): Promise<MessageDTO> {
  return (await presentMessages(db, signer, [row]))[0]!;
}
