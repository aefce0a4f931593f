import { inlineElement } from "@atrium/shared";
import { inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.js";
import { contacts, files, messageEdits, messages, queues, users } from "../../db/schema/index.js";
import { parsed, prerendered, type JsonRef } from "../../lib/sql.js";
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
  /** Earlier texts of an edited message, oldest first (empty when never edited). */
  editHistory: { body: string; editedAt: string }[];
  mediaType: string;
  mediaUrl: string | null;
  /** The file's type, detected from its bytes; null without a file or before it is checked. */
  mimeType: string | null;
  /** The file is an inert image/audio/video the clients may show inline (shared rule). */
  mediaInline: boolean;
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

/** A file's type when it was detected from the bytes (legacy rows: null until checked). */
export function verifiedMime(
  file: { mimeType: string; mimeDetected: boolean } | null | undefined,
): string | null {
  return file?.mimeDetected ? file.mimeType : null;
}

const quoted = alias(messages, "quoted");
const quotedContact = alias(contacts, "quoted_contact");

/**
 * What presentMessages reads besides the row, one probe by primary key each. Rendered once, so
 * the columns stay qualified (drizzle would leave them bare in a one-table select, and the
 * quote's reference to its message would bind to the quoted row).
 */
export const messageRefs = {
  file: prerendered(
    sql<JsonRef<MessageRefs["file"]>>`(select json_build_object('id', ${files.id},
      'name', ${files.name}, 'mimeType', ${files.mimeType}, 'mimeDetected', ${files.mimeDetected})
    from ${files} where ${files.id} = ${messages.fileId})`,
  ),
  queue: prerendered(
    sql<JsonRef<MessageRefs["queue"]>>`(select json_build_object('id', ${queues.id},
      'name', ${queues.name}) from ${queues} where ${queues.id} = ${messages.queueId})`,
  ),
  contact: prerendered(
    sql<JsonRef<MessageRefs["contact"]>>`(select json_build_object('id', ${contacts.id},
      'name', ${contacts.name}) from ${contacts} where ${contacts.id} = ${messages.contactId})`,
  ),
  sender: prerendered(
    sql<JsonRef<MessageRefs["sender"]>>`(select json_build_object('id', ${users.id},
      'name', ${users.name}) from ${users} where ${users.id} = ${messages.senderId})`,
  ),
  quoted: prerendered(
    sql<JsonRef<MessageRefs["quoted"]>>`(select json_build_object('id', ${quoted.id},
      'body', ${quoted.body}, 'fromMe', ${quoted.fromMe}, 'mediaType', ${quoted.mediaType},
      'isDeleted', ${quoted.isDeleted}, 'participant', ${quoted.participant},
      'contactName', (select ${quotedContact.name} from ${contacts} ${sql.identifier("quoted_contact")}
        where ${quotedContact.id} = ${quoted.contactId}))
    from ${messages} ${sql.identifier("quoted")} where ${quoted.id} = ${messages.quotedMsgId})`,
  ),
};

/** Messages as JSON with signed media URLs, quoted message, queue, contact and sender. */
export async function presentMessages(
  db: DbOrTx,
  signer: FileSigner,
  rows: MessageRow[],
): Promise<MessageDTO[]> {
  if (rows.length === 0) return [];
  const refs = await db
    .select({ id: messages.id, ...messageRefs })
    .from(messages)
    .where(
      inArray(
        messages.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(refs.map((r) => [r.id, r]));
  return presentWithRefs(
    db,
    signer,
    rows.map((m) => ({ m, refs: byId.get(m.id) })),
  );
}

/** A message row with its references as selected through messageRefs (still json). */
export interface MessageWithRefs {
  m: MessageRow;
  refs?: { [K in keyof typeof messageRefs]: JsonRef<MessageRefs[K]> };
}

/** Messages whose references came in the same query (a page: see MessagesService.list). */
export async function presentWithRefs(
  db: DbOrTx,
  signer: FileSigner,
  items: MessageWithRefs[],
): Promise<MessageDTO[]> {
  const history = await editHistories(
    db,
    items.filter(({ m }) => m.isEdited && !m.isDeleted).map(({ m }) => m.id),
  );
  return items.map(({ m, refs }) =>
    messageDTO(
      m,
      refs && {
        file: parsed(refs.file),
        queue: parsed(refs.queue),
        contact: parsed(refs.contact),
        sender: parsed(refs.sender),
        quoted: parsed(refs.quoted),
      },
      m.isDeleted ? [] : (history.get(m.id) ?? []),
      signer,
    ),
  );
}

/** What presentMessages reads besides the row; a fresh text message needs only its contact. */
interface MessageRefs {
  file?: { id: number; name: string; mimeType: string; mimeDetected: boolean } | null;
  queue?: { id: number; name: string } | null;
  contact?: { id: number; name: string } | null;
  sender?: { id: number; name: string } | null;
  quoted?: {
    id: number;
    body: string;
    fromMe: boolean;
    mediaType: string;
    isDeleted: boolean;
    participant: string | null;
    contactName?: string | null;
  } | null;
}

function messageDTO(
  m: MessageRow,
  e: MessageRefs | undefined,
  editHistory: MessageDTO["editHistory"],
  signer: FileSigner,
): MessageDTO {
  const file = e?.file?.id && !m.isDeleted ? e.file : null;
  const mimeType = verifiedMime(file);
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
    editHistory,
    mediaType: m.mediaType,
    mediaUrl: file ? signer.url(file.id) : null,
    mimeType,
    mediaInline: inlineElement(m.mediaType, mimeType) !== null,
    fileName: e?.file?.id ? e.file.name : null,
    queueId: m.queueId,
    queue: e?.queue?.id ? e.queue : null,
    quotedMsg: e?.quoted?.id
      ? {
          id: e.quoted.id,
          body: e.quoted.isDeleted ? "" : e.quoted.body,
          fromMe: e.quoted.fromMe,
          mediaType: e.quoted.mediaType,
          // In a group the quote names who wrote it, not the group.
          contact: e.quoted.participant
            ? { name: e.quoted.participant }
            : e.quoted.contactName
              ? { name: e.quoted.contactName }
              : null,
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
}

/**
 * A message just stored by the inbound pipeline without a file, a quote, a queue or a sender,
 * presented from what is in hand: the same JSON presentMessages would read back.
 */
export function presentStoredText(
  m: MessageRow,
  contact: { id: number; name: string },
  signer: FileSigner,
): MessageDTO {
  const shown = m.contactId === contact.id ? { id: contact.id, name: contact.name } : null;
  return messageDTO(m, { contact: shown }, [], signer);
}

async function editHistories(db: DbOrTx, ids: number[]) {
  const out = new Map<number, { body: string; editedAt: string }[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(messageEdits)
    .where(inArray(messageEdits.messageId, ids))
    .orderBy(messageEdits.id);
  for (const row of rows) {
    const list = out.get(row.messageId) ?? [];
    list.push({ body: row.previousBody, editedAt: row.createdAt.toISOString() });
    out.set(row.messageId, list);
  }
  return out;
}

export async function presentMessage(
  db: DbOrTx,
  signer: FileSigner,
  row: MessageRow,
): Promise<MessageDTO> {
  return (await presentMessages(db, signer, [row]))[0]!;
}
