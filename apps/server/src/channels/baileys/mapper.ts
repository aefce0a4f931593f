import type { proto, WAMessage, WAMessageKey, WAMessageUpdate } from "baileys";
import { vcardNames } from "../content.js";
import { messageMillis } from "../timestamps.js";
import { mapContent, textOf, unwrap, type MediaRef } from "./content.js";

/**
 * Pure translation between Baileys' WhatsApp payloads and our shapes. No sockets, no database:
 * everything here is unit-tested with realistic WAMessage payloads.
 */

type Content = proto.IMessage;

/** A WhatsApp address in our terms. */
export interface JidPair {
  /** Phone-number JID user part (digits), when known. */
  number?: string;
  /** LID user part, when known. */
  lid?: string;
}

export type MappedEvent =
  | {
      kind: "message";
      id: string;
      chatJid: string;
      isGroup: boolean;
      fromMe: boolean;
      /** The contact of the conversation: the peer (1:1) or the group. */
      peer: JidPair;
      /** Group messages: who wrote it. */
      sender?: JidPair & { name: string };
      pushName: string;
      body: string;
      mediaType: string;
      media?: MediaRef;
      /** Text that follows as its own message (an audio's caption). */
      followingText?: string;
      quotedId?: string;
      timestamp?: number;
    }
  | { kind: "edit"; targetId: string; body: string }
  | { kind: "revoke"; targetId: string }
  | {
      kind: "reaction";
      id: string;
      targetId: string;
      chatJid: string;
      isGroup: boolean;
      fromMe: boolean;
      peer: JidPair;
      pushName: string;
      emoji: string;
      timestamp?: number;
    };

// proto.WebMessageInfo.StubType.REVOKE and proto.Message.ProtocolMessage.Type values.
const STUB_REVOKE = 1;
const PROTOCOL_REVOKE = 0;
const PROTOCOL_MESSAGE_EDIT = 14;

export const isGroupJid = (jid: string | null | undefined): boolean =>
  Boolean(jid?.endsWith("@g.us"));
export const isLidJid = (jid: string | null | undefined): boolean => Boolean(jid?.endsWith("@lid"));
export const isPnJid = (jid: string | null | undefined): boolean =>
  Boolean(jid?.endsWith("@s.whatsapp.net") || jid?.endsWith("@c.us"));

/** Status broadcasts, channels (newsletters) and broadcast lists are not conversations. */
export function isIgnoredJid(jid: string | null | undefined): boolean {
  if (!jid) return true;
  return jid === "status@broadcast" || jid.endsWith("@broadcast") || jid.endsWith("@newsletter");
}

/** "5511999990000:12@s.whatsapp.net" → "5511999990000". */
export function jidUser(jid: string | null | undefined): string {
  if (!jid) return "";
  const user = jid.split("@")[0] ?? "";
  return user.split(":")[0]!.split("_")[0]!;
}

export function numberToJid(number: string, isGroup = false): string {
  return isGroup ? `${number}@g.us` : `${number.replace(/\D/g, "")}@s.whatsapp.net`;
}

/** A JID and its alternative (PN ↔ LID) as one address. */
export function jidPair(jid: string | null | undefined, alt?: string | null): JidPair {
  const pair: JidPair = {};
  for (const j of [jid, alt]) {
    if (isLidJid(j)) pair.lid ??= jidUser(j);
    else if (isPnJid(j)) pair.number ??= jidUser(j);
  }
  return pair;
}

function contextOf(content: Content): proto.IContextInfo | undefined {
  for (const value of Object.values(content)) {
    if (value && typeof value === "object" && "contextInfo" in value) {
      const ctx = (value as { contextInfo?: proto.IContextInfo | null }).contextInfo;
      if (ctx) return ctx;
    }
  }
  return undefined;
}

/** What an upserted message means for us; null for what we ignore. */
export function mapMessage(msg: WAMessage): MappedEvent | null {
  const key = msg.key;
  const chatJid = key?.remoteJid;
  if (!key?.id || !chatJid || isIgnoredJid(chatJid)) return null;
  const content = unwrap(msg.message);
  if (!content) return null;

  const protocol = content.protocolMessage;
  if (protocol) {
    const targetId = protocol.key?.id;
    if (!targetId) return null;
    if (protocol.type === PROTOCOL_REVOKE) return { kind: "revoke", targetId };
    if (protocol.type === PROTOCOL_MESSAGE_EDIT) {
      return { kind: "edit", targetId, body: textOf(unwrap(protocol.editedMessage)) };
    }
    return null;
  }

  const isGroup = isGroupJid(chatJid);
  const base = {
    chatJid,
    isGroup,
    fromMe: Boolean(key.fromMe),
    peer: isGroup ? { number: jidUser(chatJid) } : jidPair(chatJid, key.remoteJidAlt),
    pushName: msg.pushName ?? "",
    timestamp: messageMillis(msg.messageTimestamp).timestamp,
  };

  if (content.reactionMessage) {
    const targetId = content.reactionMessage.key?.id;
    if (!targetId) return null;
    return {
      kind: "reaction",
      id: key.id,
      targetId,
      emoji: content.reactionMessage.text ?? "",
      ...base,
    };
  }

  const body = mapContent(key.id, content);
  if (!body) return null;
  const quotedId = contextOf(content)?.stanzaId ?? undefined;
  const sender =
    isGroup && !key.fromMe
      ? { ...jidPair(key.participant, key.participantAlt), name: msg.pushName ?? "" }
      : undefined;
  return {
    kind: "message",
    id: key.id,
    ...base,
    ...body,
    ...(quotedId && { quotedId }),
    ...(sender && { sender }),
  };
}

/** Seconds (a number or a protobuf Long) in ms; an unreadable one is left out (stored as now). */
/** messages.update: an ack, an edit or a revoke of one message. */
export type MappedUpdate =
  | { kind: "ack"; id: string; ack: number }
  | { kind: "edit"; targetId: string; body: string }
  | { kind: "revoke"; targetId: string };

export function mapUpdate({ key, update }: WAMessageUpdate): MappedUpdate | null {
  if (!key.id) return null;
  if (
    update.messageStubType === STUB_REVOKE ||
    (update.message === null && "messageStubType" in update)
  ) {
    return { kind: "revoke", targetId: key.id };
  }
  const edited =
    update.message?.editedMessage?.message ?? update.message?.protocolMessage?.editedMessage;
  if (edited) return { kind: "edit", targetId: key.id, body: textOf(unwrap(edited)) };
  if (typeof update.status === "number")
    return { kind: "ack", id: key.id, ack: ackFromStatus(update.status) };
  return null;
}

/**
 * WebMessageInfo.Status (ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5) is
 * our ack scale (agent-core: 0 clock, 1-2 one tick, 3 grey double tick, 4-5 blue).
 */
export function ackFromStatus(status: number): number {
  return Math.max(0, Math.min(5, Math.trunc(status)));
}

/** The reactions event (messages.reaction) as reaction events; removals are skipped. */
export function mapReactions(
  items: { key: WAMessageKey; reaction: proto.IReaction }[],
): MappedEvent[] {
  const out: MappedEvent[] = [];
  for (const { key: target, reaction } of items) {
    const own = reaction.key as WAMessageKey | null | undefined;
    const chatJid = own?.remoteJid ?? target.remoteJid;
    if (!target.id || !own?.id || !chatJid || isIgnoredJid(chatJid) || !reaction.text) continue;
    const isGroup = isGroupJid(chatJid);
    out.push({
      kind: "reaction",
      id: own.id,
      targetId: target.id,
      chatJid,
      isGroup,
      fromMe: Boolean(own.fromMe),
      peer: isGroup ? { number: jidUser(chatJid) } : jidPair(chatJid, own.remoteJidAlt),
      pushName: "",
      emoji: reaction.text,
      timestamp:
        reaction.senderTimestampMs != null ? Number(reaction.senderTimestampMs) : undefined,
    });
  }
  return out;
}

/** The display name in a vCard (FN), for a contact card's preview. */
export function vcardName(vcard: string): string {
  return vcardNames(vcard)[0] ?? "";
}

/** What the session sends for one of our outgoing messages. */
export type OutgoingContent =
  | { text: string }
  | { image: Buffer; caption?: string; mimetype: string }
  | { video: Buffer; caption?: string; mimetype: string }
  | { audio: Buffer; ptt: true; mimetype: string }
  | { document: Buffer; caption?: string; mimetype: string; fileName: string };

export function outgoingContent(
  message: { body: string; mediaType: string },
  file?: { name: string; mimeType: string; data: Buffer },
): OutgoingContent {
  if (!file) return { text: message.body };
  const caption = message.body.trim() ? message.body : undefined;
  const mimetype = file.mimeType || "application/octet-stream";
  switch (message.mediaType) {
    case "image":
      return { image: file.data, mimetype, ...(caption && { caption }) };
    case "video":
      return { video: file.data, mimetype, ...(caption && { caption }) };
    case "audio":
      // Agents' recordings go as voice notes (ptt), as the phone app sends them.
      return { audio: file.data, ptt: true, mimetype };
    default:
      return { document: file.data, mimetype, fileName: file.name, ...(caption && { caption }) };
  }
}
