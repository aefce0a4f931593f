/**
 * Meta webhook payloads → what they mean for us. Pure functions (no I/O): the webhook service
 * routes each delivery to its connection, downloads media and runs the inbound pipeline.
 *
 * Payload shapes: Messenger and Instagram `entry[].messaging[]` (message, postback, reaction,
 * read, delivery; `is_echo` for messages the page sent, `is_deleted` for unsent ones);
 * WhatsApp Cloud `entry[].changes[].value` with `messages[]`, `statuses[]` and `contacts[]`.
 */

export type MetaChannel = "FACEBOOK" | "INSTAGRAM" | "WHATSAPP_BUSINESS";

export const META_CHANNELS: readonly MetaChannel[] = ["FACEBOOK", "INSTAGRAM", "WHATSAPP_BUSINESS"];

/** Marks the messages we send through Messenger; their echoes are not stored a second time. */
export const ECHO_METADATA_PREFIX = "atrium:";

/** Where an attachment's bytes are: a plain URL (Messenger/Instagram) or a WhatsApp media id. */
export type MediaRef =
  | { kind: "url"; url: string; filename?: string; mimeType?: string }
  | { kind: "whatsapp"; id: string; filename?: string; mimeType?: string };

export interface MappedMessage {
  kind: "message";
  providerMessageId: string;
  /** The customer: PSID, IGSID or WhatsApp id (wa_id). */
  contact: { id: string; name?: string };
  fromMe: boolean;
  body: string;
  mediaType: string;
  media?: MediaRef;
  quotedProviderMessageId?: string;
  timestamp?: number;
}

export type MetaAction =
  | MappedMessage
  /** Our messages reached this ack (2 delivered, 3 read). */
  | { kind: "ack"; providerMessageIds: string[]; ack: number }
  /** Every message we sent this contact up to `watermark` (ms) reached `ack`. */
  | { kind: "ackUpTo"; contactId: string; watermark: number; ack: number }
  | { kind: "failed"; providerMessageId: string; error: string }
  | { kind: "deleted"; providerMessageId: string };

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
  payload?: { url?: string; title?: string; sticker_id?: number } | null;
  title?: string;
}

export interface MessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    is_deleted?: boolean;
    is_unsupported?: boolean;
    metadata?: string;
    reply_to?: { mid?: string };
    attachments?: MessagingAttachment[];
    quick_reply?: { payload?: string };
  };
  postback?: { mid?: string; title?: string; payload?: string };
  reaction?: { mid?: string; action?: string; reaction?: string; emoji?: string };
  read?: { watermark?: number; mid?: string };
  delivery?: { mids?: string[]; watermark?: number };
}

interface WhatsAppMedia {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
}

export interface WhatsAppMessage {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  context?: { id?: string; from?: string };
  text?: { body?: string };
  image?: WhatsAppMedia;
  video?: WhatsAppMedia;
  audio?: WhatsAppMedia & { voice?: boolean };
  document?: WhatsAppMedia;
  sticker?: WhatsAppMedia & { animated?: boolean };
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
  };
  button?: { text?: string; payload?: string };
  reaction?: { message_id?: string; emoji?: string };
  contacts?: { name?: { formatted_name?: string }; phones?: { phone?: string }[] }[];
}

interface WhatsAppStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

export interface WhatsAppValue {
  messaging_product?: string;
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: WhatsAppMessage[];
  statuses?: WhatsAppStatus[];
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

/** Every delivery of a webhook call, in the order Meta sent them. */
export function mapWebhook(payload: MetaWebhookPayload): MetaDelivery[] {
  const deliveries: MetaDelivery[] = [];
  const channel =
    payload.object === "page"
      ? "FACEBOOK"
      : payload.object === "instagram"
        ? "INSTAGRAM"
        : payload.object === "whatsapp_business_account"
          ? "WHATSAPP_BUSINESS"
          : undefined;
  if (!channel) return deliveries;
  for (const entry of payload.entry ?? []) {
    if (channel === "WHATSAPP_BUSINESS") {
      for (const change of entry.changes ?? []) {
        const value = change.value;
        const phoneNumberId = value?.metadata?.phone_number_id;
        if (change.field !== "messages" || !value || !phoneNumberId) continue;
        deliveries.push({ channel, recipientId: phoneNumberId, actions: mapWhatsAppValue(value) });
      }
      continue;
    }
    if (!entry.id) continue;
    const actions = (entry.messaging ?? []).flatMap((ev) => mapMessagingEvent(ev, entry.id!));
    deliveries.push({ channel, recipientId: entry.id, actions });
  }
  return deliveries;
}

const ATTACHMENT_MEDIA: Record<string, string> = {
  image: "image",
  audio: "audio",
  video: "video",
  file: "document",
};

/** One Messenger or Instagram `messaging[]` item; `ownId` is the page or Instagram account. */
export function mapMessagingEvent(ev: MessagingEvent, ownId: string): MetaAction[] {
  const senderId = ev.sender?.id;
  const recipientId = ev.recipient?.id;
  const timestamp = ev.timestamp;
  // The customer is whoever is not us (echoes go from us to them).
  const customer = senderId === ownId ? recipientId : senderId;
  if (!customer) return [];

  if (ev.message) {
    const m = ev.message;
    if (!m.mid) return [];
    if (m.is_deleted) return [{ kind: "deleted", providerMessageId: m.mid }];
    const fromMe = Boolean(m.is_echo) || senderId === ownId;
    // Our own sends come back as echoes: already stored.
    if (fromMe && m.metadata?.startsWith(ECHO_METADATA_PREFIX)) return [];
    const base = {
      kind: "message" as const,
      contact: { id: customer },
      fromMe,
      timestamp,
      quotedProviderMessageId: m.reply_to?.mid,
    };
    const attachments = m.attachments ?? [];
    const out: MappedMessage[] = [];
    let text = m.text ?? "";
    for (const att of attachments) {
      const mediaType = ATTACHMENT_MEDIA[att.type ?? ""];
      const url = att.payload?.url;
      if (mediaType && url) {
        out.push({
          ...base,
          providerMessageId: out.length === 0 ? m.mid : `${m.mid}:${out.length}`,
          body: "",
          mediaType: att.payload?.sticker_id ? "sticker" : mediaType,
          media: { kind: "url", url, filename: filenameFromUrl(url) },
        });
      } else {
        // Shares, story mentions, reels, templates: keep what a person can follow.
        const link = url ?? "";
        const title = att.title ?? att.payload?.title ?? "";
        const line = [title, link].filter(Boolean).join(" ");
        if (line) text = text ? `${text}\n${line}` : line;
      }
    }
    if (out.length === 0) {
      if (!text && m.is_unsupported) text = "[unsupported message]";
      return [{ ...base, providerMessageId: m.mid, body: text, mediaType: "chat" }];
    }
    // The text travels as the first attachment's caption.
    out[0]!.body = text;
    return out;
  }

  if (ev.postback) {
    const title = ev.postback.title || ev.postback.payload || "";
    return [
      {
        kind: "message",
        providerMessageId: ev.postback.mid ?? `postback:${customer}:${timestamp ?? 0}`,
        contact: { id: customer },
        fromMe: false,
        body: title,
        mediaType: "chat",
        timestamp,
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
      },
    ];
  }

  if (ev.read) {
    if (ev.read.mid) return [{ kind: "ack", providerMessageIds: [ev.read.mid], ack: 3 }];
    if (ev.read.watermark)
      return [{ kind: "ackUpTo", contactId: customer, watermark: ev.read.watermark, ack: 3 }];
    return [];
  }

  if (ev.delivery) {
    const actions: MetaAction[] = [];
    if (ev.delivery.mids?.length)
      actions.push({ kind: "ack", providerMessageIds: ev.delivery.mids, ack: 2 });
    if (ev.delivery.watermark)
      actions.push({
        kind: "ackUpTo",
        contactId: customer,
        watermark: ev.delivery.watermark,
        ack: 2,
      });
    return actions;
  }
  return [];
}

const STATUS_ACK: Record<string, number> = { sent: 1, delivered: 2, read: 3 };

/** One WhatsApp Cloud `changes[].value` (field "messages"). */
export function mapWhatsAppValue(value: WhatsAppValue): MetaAction[] {
  const names = new Map(
    (value.contacts ?? [])
      .filter((c) => c.wa_id)
      .map((c) => [c.wa_id!, c.profile?.name ?? ""] as const),
  );
  const actions: MetaAction[] = [];
  for (const m of value.messages ?? []) {
    const mapped = mapWhatsAppMessage(m, names.get(m.from ?? ""));
    if (mapped) actions.push(mapped);
  }
  for (const s of value.statuses ?? []) {
    if (!s.id || !s.status) continue;
    if (s.status === "failed") {
      actions.push({ kind: "failed", providerMessageId: s.id, error: whatsAppErrorText(s.errors) });
    } else if (STATUS_ACK[s.status]) {
      actions.push({ kind: "ack", providerMessageIds: [s.id], ack: STATUS_ACK[s.status]! });
    }
  }
  return actions;
}

/** "Message undeliverable: the number is not on WhatsApp (131026)". */
export function whatsAppErrorText(errors: WhatsAppStatus["errors"]): string {
  const e = errors?.[0];
  if (!e) return "The message could not be delivered";
  const title = e.title || e.message || "The message could not be delivered";
  const details =
    e.error_data?.details && e.error_data.details !== title ? e.error_data.details : "";
  return `${title}${details ? `: ${details}` : ""}${e.code !== undefined ? ` (${e.code})` : ""}`;
}

const WHATSAPP_MEDIA = ["image", "video", "audio", "document", "sticker"] as const;

export function mapWhatsAppMessage(m: WhatsAppMessage, name?: string): MappedMessage | undefined {
  if (!m.id || !m.from) return undefined;
  const base = {
    kind: "message" as const,
    providerMessageId: m.id,
    contact: { id: m.from, name: name || undefined },
    fromMe: false,
    timestamp: m.timestamp ? Number(m.timestamp) * 1000 : undefined,
    quotedProviderMessageId: m.context?.id,
  };
  const type = m.type ?? "";
  if (type === "text") return { ...base, body: m.text?.body ?? "", mediaType: "chat" };
  if ((WHATSAPP_MEDIA as readonly string[]).includes(type)) {
    const media = m[type as (typeof WHATSAPP_MEDIA)[number]];
    if (!media?.id) return undefined;
    return {
      ...base,
      body: media.caption ?? "",
      mediaType: type,
      media: {
        kind: "whatsapp",
        id: media.id,
        filename: media.filename,
        mimeType: media.mime_type,
      },
    };
  }
  if (type === "location" && m.location) {
    const { latitude, longitude, name: place, address } = m.location;
    const lines = [place, address].filter(Boolean);
    lines.push(`https://maps.google.com/maps?q=${latitude},${longitude}`);
    return { ...base, body: lines.join("\n"), mediaType: "location" };
  }
  if (type === "interactive" && m.interactive) {
    const reply = m.interactive.button_reply ?? m.interactive.list_reply;
    return { ...base, body: reply?.title ?? "", mediaType: "chat" };
  }
  if (type === "button" && m.button) {
    return { ...base, body: m.button.text ?? m.button.payload ?? "", mediaType: "chat" };
  }
  if (type === "reaction" && m.reaction) {
    // An empty emoji removes a reaction: nothing to show.
    if (!m.reaction.emoji || !m.reaction.message_id) return undefined;
    return {
      ...base,
      body: m.reaction.emoji,
      mediaType: "reaction",
      quotedProviderMessageId: m.reaction.message_id,
    };
  }
  if (type === "contacts" && m.contacts) {
    const body = m.contacts
      .map((c) =>
        [c.name?.formatted_name, ...(c.phones ?? []).map((p) => p.phone)].filter(Boolean).join(" "),
      )
      .join("\n");
    return { ...base, body, mediaType: "contactMessage" };
  }
  return { ...base, body: `[${type || "unknown"} message]`, mediaType: "chat" };
}

function filenameFromUrl(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split("/").pop();
    return last ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}
