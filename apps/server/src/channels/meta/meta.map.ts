/**
 * Meta webhook payloads → what they mean for us. Pure functions (no I/O): the webhook service
 * routes each delivery to its connection, downloads media and runs the inbound pipeline.
 *
 * Payload shapes: Messenger and Instagram `entry[].messaging[]` (message, postback, reaction,
 * read, delivery, message_edit; `is_echo` for messages the page sent, `is_deleted` for unsent
 * ones); WhatsApp Cloud `entry[].changes[].value` (whatsapp.map.ts). Every item is mapped on its
 * own: one that cannot be read becomes a `rejected` action with its reason, never an exception
 * that would refuse the whole call.
 */
import { locationBody, placeholder } from "../content.js";
import { BadEntryError, messageMillis, toMillis } from "../timestamps.js";
import { ACK, guarded, list, str, type MappedMessage, type MetaAction } from "./meta.actions.js";
import { mapWhatsAppValue, type WhatsAppValue } from "./whatsapp.map.js";

export * from "./meta.actions.js";

export type MetaChannel = "FACEBOOK" | "INSTAGRAM" | "WHATSAPP_BUSINESS";

export const META_CHANNELS: readonly MetaChannel[] = ["FACEBOOK", "INSTAGRAM", "WHATSAPP_BUSINESS"];

/** Marks the messages we send through Messenger; their echoes are not stored a second time. */
export const ECHO_METADATA_PREFIX = "atrium:";

/** The events of one recipient (page, Instagram account or WhatsApp phone number). */
export interface MetaDelivery {
  channel: MetaChannel;
  /** pageId, instagramAccountId or phoneNumberId: decides the connection (and the company). */
  recipientId: string;
  actions: MetaAction[];
}

/* ------------------------------------------------------------------ payload types (partial) */

interface MessagingAttachment {
  type?: string;
  title?: string;
  url?: string;
  payload?: {
    url?: string;
    title?: string;
    sticker_id?: number;
    coordinates?: { lat?: number; long?: number };
  } | null;
}

export interface MessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number | string;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    is_deleted?: boolean;
    is_unsupported?: boolean;
    metadata?: string;
    reply_to?: { mid?: string; story?: { url?: string; id?: string } };
    attachments?: MessagingAttachment[];
    quick_reply?: { payload?: string };
  };
  message_edit?: { mid?: string; text?: string; num_edit?: number };
  postback?: { mid?: string; title?: string; payload?: string };
  reaction?: { mid?: string; action?: string; reaction?: string; emoji?: string };
  read?: { watermark?: number | string; mid?: string };
  delivery?: { mids?: string[]; watermark?: number | string };
}

export interface MetaWebhookPayload {
  object?: string;
  entry?: {
    id?: string;
    time?: number;
    messaging?: MessagingEvent[];
    changes?: { field?: string; value?: WhatsAppValue }[];
  }[];
}

/* ------------------------------------------------------------------------------- mapping */

const OBJECTS: Record<string, MetaChannel> = {
  page: "FACEBOOK",
  instagram: "INSTAGRAM",
  whatsapp_business_account: "WHATSAPP_BUSINESS",
};

/** Every delivery of a webhook call, in the order Meta sent them. */
export function mapWebhook(payload: unknown): MetaDelivery[] {
  const deliveries: MetaDelivery[] = [];
  const p = (payload ?? {}) as MetaWebhookPayload;
  const channel = typeof p.object === "string" ? OBJECTS[p.object] : undefined;
  if (!channel) return deliveries;
  for (const entry of list<NonNullable<MetaWebhookPayload["entry"]>[number]>(p.entry)) {
    if (!entry || typeof entry !== "object") continue;
    if (channel === "WHATSAPP_BUSINESS") {
      for (const change of list<{ field?: string; value?: WhatsAppValue }>(entry.changes)) {
        const value = change?.value;
        const phoneNumberId = str(value?.metadata?.phone_number_id);
        if (change?.field !== "messages" || !value || !phoneNumberId) continue;
        deliveries.push({ channel, recipientId: phoneNumberId, actions: mapWhatsAppValue(value) });
      }
      continue;
    }
    const ownId = str(entry.id);
    if (!ownId) continue;
    const actions = list<MessagingEvent>(entry.messaging).flatMap((ev, index) =>
      guarded(ev, () => mapMessagingEvent(ev, ownId, index)),
    );
    deliveries.push({ channel, recipientId: ownId, actions });
  }
  return deliveries;
}

const ATTACHMENT_MEDIA: Record<string, string> = {
  image: "image",
  audio: "audio",
  video: "video",
  file: "document",
};

/**
 * One Messenger or Instagram `messaging[]` item; `ownId` is the page or Instagram account,
 * `index` its place in the call (it tells apart events that carry no id of their own).
 */
export function mapMessagingEvent(ev: MessagingEvent, ownId: string, index = 0): MetaAction[] {
  if (!ev || typeof ev !== "object") throw new BadEntryError("messaging item is not an object");
  const senderId = str(ev.sender?.id);
  const recipientId = str(ev.recipient?.id);
  // A message keeps its place even when its clock is unreadable (stored at reception time).
  const { timestamp, timestampNote } = messageMillis(ev.timestamp);
  // The customer is whoever is not us (echoes go from us to them).
  const customer = senderId === ownId ? recipientId : senderId;
  if (!customer) throw new BadEntryError("messaging item without sender");

  if (ev.message) return mapMessage(ev, ev.message, { ownId, customer, timestamp, timestampNote });

  if (ev.message_edit) {
    const mid = str(ev.message_edit.mid);
    if (!mid) throw new BadEntryError("message_edit without mid");
    return [{ kind: "edited", providerMessageId: mid, body: ev.message_edit.text ?? "" }];
  }

  if (ev.postback) {
    const { title, payload, mid } = ev.postback;
    // Two postbacks without mid in the same millisecond are two taps: the place in the call
    // and the payload tell them apart, and a redelivered call gives the same id again.
    const id =
      str(mid) ?? `postback:${customer}:${timestamp ?? 0}:${index}:${payload ?? title ?? ""}`;
    return [
      {
        kind: "message",
        providerMessageId: id,
        contact: { id: customer },
        fromMe: false,
        body: title || payload || placeholder("postback"),
        mediaType: title || payload ? "chat" : "unsupported",
        timestamp,
        ...(timestampNote && { timestampNote }),
      },
    ];
  }

  if (ev.reaction) {
    const r = ev.reaction;
    if (r.action === "unreact" || !r.mid) return [];
    return [
      {
        kind: "message",
        providerMessageId: `reaction:${r.mid}:${senderId}:${timestamp ?? 0}`,
        contact: { id: customer },
        fromMe: senderId === ownId,
        body: r.emoji || r.reaction || "",
        mediaType: "reaction",
        quotedProviderMessageId: r.mid,
        timestamp,
        ...(timestampNote && { timestampNote }),
      },
    ];
  }

  if (ev.read) {
    const mid = str(ev.read.mid);
    if (mid) return [{ kind: "ack", providerMessageIds: [mid], ack: ACK.read }];
    const watermark = toMillis(ev.read.watermark);
    if (watermark) return [{ kind: "ackUpTo", contactId: customer, watermark, ack: ACK.read }];
    return [];
  }

  if (ev.delivery) {
    const actions: MetaAction[] = [];
    const mids = list<string>(ev.delivery.mids).filter((m) => typeof m === "string");
    if (mids.length) actions.push({ kind: "ack", providerMessageIds: mids, ack: ACK.delivered });
    const watermark = toMillis(ev.delivery.watermark);
    if (watermark)
      actions.push({ kind: "ackUpTo", contactId: customer, watermark, ack: ACK.delivered });
    return actions;
  }
  const kinds = Object.keys(ev).filter((k) => !["sender", "recipient", "timestamp"].includes(k));
  throw new BadEntryError(`messaging event not handled: ${kinds.join(", ") || "empty"}`);
}

function mapMessage(
  ev: MessagingEvent,
  m: NonNullable<MessagingEvent["message"]>,
  ctx: { ownId: string; customer: string; timestamp?: number; timestampNote?: string },
): MetaAction[] {
  const mid = str(m.mid);
  if (!mid) throw new BadEntryError("message without mid");
  if (m.is_deleted) return [{ kind: "deleted", providerMessageId: mid }];
  const fromMe = Boolean(m.is_echo) || str(ev.sender?.id) === ctx.ownId;
  // Our own sends come back as echoes: already stored.
  if (fromMe && m.metadata?.startsWith(ECHO_METADATA_PREFIX)) return [];
  const base = {
    kind: "message" as const,
    contact: { id: ctx.customer },
    fromMe,
    timestamp: ctx.timestamp,
    ...(ctx.timestampNote && { timestampNote: ctx.timestampNote }),
    quotedProviderMessageId: str(m.reply_to?.mid),
  };
  const lines: string[] = [];
  if (m.text) lines.push(m.text);
  else if (m.quick_reply?.payload) lines.push(m.quick_reply.payload);
  // An Instagram reply to a story: the story link stays with the answer.
  const story = str(m.reply_to?.story?.url);
  if (story) lines.push(`[story reply] ${story}`);

  const out: MappedMessage[] = [];
  let location: string | undefined;
  const unavailable: string[] = [];
  for (const att of list<MessagingAttachment>(m.attachments)) {
    if (!att || typeof att !== "object") continue;
    const type = att.type ?? "";
    const url = str(att.payload?.url) ?? str(att.url);
    const mediaType = ATTACHMENT_MEDIA[type];
    if (mediaType && url) {
      out.push({
        ...base,
        providerMessageId: out.length === 0 ? mid : `${mid}:${out.length}`,
        body: "",
        mediaType: att.payload?.sticker_id ? "sticker" : mediaType,
        media: { kind: "url", url, filename: filenameFromUrl(url) },
      });
    } else if (type === "location") {
      const c = att.payload?.coordinates;
      location = locationBody({
        latitude: c?.lat,
        longitude: c?.long,
        name: att.title ?? att.payload?.title,
      });
    } else if (type === "story_mention") {
      lines.push(`[story mention]${url ? ` ${url}` : ""}`);
    } else if (mediaType) {
      // A file whose link Meta did not send (expired, blocked): say what it was.
      unavailable.push(type);
    } else {
      // Shares, reels, posts, templates, fallbacks: keep what a person can follow.
      const title = att.title ?? att.payload?.title ?? "";
      // A shared link is often the text too: written once.
      const link = url && !m.text?.includes(url) ? url : "";
      const line = [title, link].filter(Boolean).join(" ");
      lines.push(line || placeholder(type || "attachment"));
    }
  }
  const text = lines.join("\n");
  if (location !== undefined) {
    // The location is its own message; any text rides along after it.
    const body = [location, text].filter(Boolean).join("\n");
    return [{ ...base, providerMessageId: mid, body, mediaType: "location" }];
  }
  if (out.length > 0) {
    // The text travels as the first attachment's caption.
    out[0]!.body = text;
    return out;
  }
  if (text) return [{ ...base, providerMessageId: mid, body: text, mediaType: "chat" }];
  // Nothing readable: an unsupported message, an attachment Meta left out, or only a mid.
  const type = m.is_unsupported ? "unsupported" : (unavailable[0] ?? "attachment");
  return [{ ...base, providerMessageId: mid, body: placeholder(type), mediaType: "unsupported" }];
}

function filenameFromUrl(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split("/").pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}
