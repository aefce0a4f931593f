/**
 * WhatsApp Cloud API `changes[].value` (field "messages") → our actions. Pure, like meta.map.ts.
 * Customers are addressed by phone number (`from`, `wa_id`) or, for users who hide their
 * number behind a username, only by their business-scoped user id (`from_user_id`, `user_id`).
 */
import {
  flowSummary,
  locationBody,
  orderSummary,
  placeholder,
  vcardOf,
  type CardContact,
} from "../content.js";
import { BadEntryError, messageMillis, toMillis } from "../timestamps.js";
import { ACK, guarded, list, str, type MappedMessage, type MetaAction } from "./meta.actions.js";

interface WhatsAppMedia {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
}

interface WhatsAppError {
  code?: number;
  title?: string;
  message?: string;
  error_data?: { details?: string };
}

interface WhatsAppContactCard {
  name?: { formatted_name?: string; first_name?: string; last_name?: string };
  phones?: { phone?: string; wa_id?: string; type?: string }[];
  emails?: { email?: string }[];
  org?: { company?: string };
  vcard?: string;
}

export interface WhatsAppMessage {
  from?: string;
  from_user_id?: string;
  id?: string;
  timestamp?: string | number;
  type?: string;
  context?: { id?: string; from?: string };
  text?: { body?: string };
  image?: WhatsAppMedia;
  video?: WhatsAppMedia;
  audio?: WhatsAppMedia & { voice?: boolean };
  document?: WhatsAppMedia;
  sticker?: WhatsAppMedia & { animated?: boolean };
  location?: {
    latitude?: number;
    longitude?: number;
    name?: string;
    address?: string;
    url?: string;
  };
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string; description?: string };
    nfm_reply?: { name?: string; body?: string; response_json?: string };
  };
  button?: { text?: string; payload?: string };
  reaction?: { message_id?: string; emoji?: string };
  contacts?: WhatsAppContactCard[];
  order?: {
    catalog_id?: string;
    text?: string;
    product_items?: {
      product_retailer_id?: string;
      quantity?: number | string;
      item_price?: number | string;
      currency?: string;
    }[];
  };
  revoke?: { original_message_id?: string };
  edit?: { original_message_id?: string; message?: WhatsAppMessage };
  system?: { body?: string; type?: string };
  unsupported?: { type?: string };
  errors?: WhatsAppError[];
}

interface WhatsAppStatus {
  id?: string;
  status?: string;
  timestamp?: string | number;
  recipient_id?: string;
  errors?: WhatsAppError[];
}

export interface WhatsAppValue {
  messaging_product?: string;
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  contacts?: { wa_id?: string; user_id?: string; profile?: { name?: string; username?: string } }[];
  messages?: WhatsAppMessage[];
  statuses?: WhatsAppStatus[];
  errors?: WhatsAppError[];
}

const STATUS_ACK: Record<string, number> = {
  sent: ACK.sent,
  delivered: ACK.delivered,
  read: ACK.read,
  played: ACK.played,
};

/** The sender of the value's messages, by phone number and by business-scoped id. */
interface Sender {
  name?: string;
  phone?: string;
  bsuid?: string;
}

/** One WhatsApp Cloud `changes[].value` (field "messages"). */
export function mapWhatsAppValue(value: WhatsAppValue): MetaAction[] {
  const senders = list<NonNullable<WhatsAppValue["contacts"]>[number]>(value.contacts)
    .filter((c) => c && typeof c === "object")
    .map<Sender>((c) => ({
      name: str(c.profile?.name) ?? str(c.profile?.username),
      phone: str(c.wa_id),
      bsuid: str(c.user_id),
    }));
  const actions: MetaAction[] = [];
  for (const m of list<WhatsAppMessage>(value.messages)) {
    actions.push(...guarded(m, () => mapWhatsAppMessage(m, senders)));
  }
  for (const s of list<WhatsAppStatus>(value.statuses)) {
    actions.push(...guarded(s, () => mapStatus(s)));
  }
  for (const e of list<WhatsAppError>(value.errors)) {
    actions.push({
      kind: "rejected",
      reason: `WhatsApp error: ${whatsAppErrorText([e])}`,
      item: e,
    });
  }
  return actions;
}

function mapStatus(s: WhatsAppStatus): MetaAction[] {
  const id = str(s.id);
  if (!id || !s.status) throw new BadEntryError("status without id or status");
  toMillis(s.timestamp);
  if (s.status === "failed") {
    return [{ kind: "failed", providerMessageId: id, error: whatsAppErrorText(s.errors) }];
  }
  const ack = STATUS_ACK[s.status];
  if (ack) return [{ kind: "ack", providerMessageIds: [id], ack }];
  // "deleted" (the business deleted it) and newer statuses change nothing we show.
  throw new BadEntryError(`status "${s.status}" not handled`);
}

/** Meta often puts the code in the text too ("(#131047) …"): written once, at the end. */
export function whatsAppErrorText(errors: WhatsAppError[] | undefined): string {
  const e = list<WhatsAppError>(errors)[0];
  if (!e) return "The message could not be delivered";
  const strip = (text?: string) =>
    text
      ?.replace(/^\(#\d+\)\s*/, "")
      .replace(/\s*\(#?\d+\)$/, "")
      .trim() || undefined;
  const title = strip(e.title) ?? strip(e.message) ?? "The message could not be delivered";
  const parts = [title];
  for (const extra of [strip(e.message), strip(e.error_data?.details)]) {
    if (extra && !parts.some((p) => p.toLowerCase() === extra.toLowerCase())) parts.push(extra);
  }
  const code = typeof e.code === "number" ? ` (${e.code})` : "";
  return `${parts.join(": ")}${code}`;
}

const WHATSAPP_MEDIA = ["image", "video", "audio", "document", "sticker"] as const;

/** One message of a value; `senders` is the value's `contacts[]`. */
export function mapWhatsAppMessage(m: WhatsAppMessage, senders: Sender[] = []): MetaAction[] {
  if (!m || typeof m !== "object") throw new BadEntryError("message is not an object");
  const id = str(m.id);
  if (!id) throw new BadEntryError("message without id");
  const phone = str(m.from);
  const byId = str(m.from_user_id);
  // The value's contacts[] names the sender; with neither id on the message, its only entry.
  const sender =
    senders.find((s) => (phone && s.phone === phone) || (byId && s.bsuid === byId)) ??
    (!phone && !byId && senders.length === 1 ? senders[0] : undefined);
  const bsuid = byId ?? sender?.bsuid;
  // The phone number is the key when Meta shares it; otherwise the business-scoped id.
  const contactId = phone ?? sender?.phone ?? bsuid;
  if (!contactId) throw new BadEntryError("message without sender (no from, no user id)");
  const base = {
    kind: "message" as const,
    providerMessageId: id,
    contact: { id: contactId, ...(sender?.name && { name: sender.name }), ...(bsuid && { bsuid }) },
    fromMe: false,
    ...messageMillis(m.timestamp),
    quotedProviderMessageId: str(m.context?.id),
  };
  const type = str(m.type) ?? "unknown";

  if (type === "revoke") {
    const target = str(m.revoke?.original_message_id);
    if (!target) throw new BadEntryError("revoke without original_message_id");
    return [{ kind: "revoked", providerMessageId: target }];
  }
  if (type === "edit") {
    const target = str(m.edit?.original_message_id);
    if (!target) throw new BadEntryError("edit without original_message_id");
    return [{ kind: "edited", providerMessageId: target, body: editedText(m.edit?.message) }];
  }
  if (type === "reaction") {
    // An empty emoji removes a reaction: nothing to show.
    if (!m.reaction?.emoji || !m.reaction.message_id) return [];
    return [
      {
        ...base,
        body: m.reaction.emoji,
        mediaType: "reaction",
        quotedProviderMessageId: m.reaction.message_id,
      },
    ];
  }
  return [{ ...base, ...content(m, type) }];
}

/** Body, mediaType and media of a message of this type. */
function content(
  m: WhatsAppMessage,
  type: string,
): Pick<MappedMessage, "body" | "mediaType" | "media"> {
  if (type === "text") return { body: m.text?.body ?? "", mediaType: "chat" };
  if ((WHATSAPP_MEDIA as readonly string[]).includes(type)) {
    const media = m[type as (typeof WHATSAPP_MEDIA)[number]];
    if (!media?.id) return { body: placeholder(type, media?.caption), mediaType: "unsupported" };
    return {
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
    return {
      body: locationBody({ ...m.location, extra: [m.location.url] }),
      mediaType: "location",
    };
  }
  if (type === "contacts") {
    const cards = list<WhatsAppContactCard>(m.contacts);
    const given = cards.map((c) => c?.vcard).filter(Boolean) as string[];
    const body =
      given.length === cards.length && given.length > 0
        ? given.join("\n")
        : vcardOf(cards.map(card));
    return { body, mediaType: "vcard" };
  }
  if (type === "interactive" && m.interactive) return interactive(m.interactive);
  if (type === "button" && m.button) {
    return { body: m.button.text || m.button.payload || placeholder("button"), mediaType: "chat" };
  }
  if (type === "order" && m.order) {
    const items = list<NonNullable<NonNullable<WhatsAppMessage["order"]>["product_items"]>[number]>(
      m.order.product_items,
    ).map((i) => ({
      name: i?.product_retailer_id ?? "?",
      quantity: Number(i?.quantity ?? 1),
      price:
        i?.item_price !== undefined && Number.isFinite(Number(i.item_price))
          ? Number(i.item_price)
          : undefined,
      currency: i?.currency,
    }));
    return { body: orderSummary(items, m.order.text), mediaType: "chat" };
  }
  if (type === "system" && m.system?.body) return { body: m.system.body, mediaType: "chat" };
  // Unsupported and newer types: a visible placeholder naming the type, with Meta's reason.
  const named = type === "unsupported" ? (str(m.unsupported?.type) ?? type) : type;
  const reason = m.errors?.length ? whatsAppErrorText(m.errors) : undefined;
  return { body: placeholder(named, reason), mediaType: "unsupported" };
}

function interactive(
  i: NonNullable<WhatsAppMessage["interactive"]>,
): Pick<MappedMessage, "body" | "mediaType"> {
  if (i.button_reply) {
    return { body: i.button_reply.title || i.button_reply.id || "", mediaType: "chat" };
  }
  if (i.list_reply) {
    const { title, description, id } = i.list_reply;
    return { body: [title || id, description].filter(Boolean).join("\n"), mediaType: "chat" };
  }
  if (i.nfm_reply) {
    // A WhatsApp Flow's answers: each field and what the customer chose.
    const summary = flowSummary(i.nfm_reply.response_json ?? "");
    const header = `📝 ${i.nfm_reply.body || i.nfm_reply.name || "Flow"}`;
    return { body: [header, summary].filter(Boolean).join("\n"), mediaType: "chat" };
  }
  return { body: placeholder(`interactive ${i.type ?? ""}`.trim()), mediaType: "unsupported" };
}

function card(c: WhatsAppContactCard): CardContact {
  const name =
    c?.name?.formatted_name || [c?.name?.first_name, c?.name?.last_name].filter(Boolean).join(" ");
  return {
    name,
    phones: list<{ phone?: string; wa_id?: string; type?: string }>(c?.phones).map((p) => ({
      phone: p?.phone,
      waId: p?.wa_id,
      type: p?.type,
    })),
    emails: list<{ email?: string }>(c?.emails).map((e) => e?.email ?? ""),
    org: c?.org?.company,
  };
}

/** The new text of an edited message: its text, or the caption of its media. */
function editedText(message: WhatsAppMessage | undefined): string {
  if (!message) return "";
  if (message.text?.body !== undefined) return message.text.body;
  const type = str(message.type);
  const media =
    type && (WHATSAPP_MEDIA as readonly string[]).includes(type)
      ? message[type as (typeof WHATSAPP_MEDIA)[number]]
      : undefined;
  return media?.caption ?? "";
}
