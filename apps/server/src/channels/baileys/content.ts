import type { proto } from "baileys";
import { flowSummary, locationBody, orderSummary, placeholder, vcardOf } from "../content.js";
import { messageMillis } from "../timestamps.js";

/**
 * The content of a WhatsApp message (WAProto `Message`) as what an agent reads: body, mediaType
 * and the media to download. Every type gives something visible; those we cannot show as
 * themselves (polls, events, newer types) give a placeholder naming the type.
 */

type Content = proto.IMessage;

/** Media the message carries; the session downloads it (or records a failure). */
export interface MediaRef {
  mimetype: string;
  fileName: string;
}

export interface MappedContent {
  body: string;
  mediaType: string;
  media?: MediaRef;
  /** Text that follows the media as its own message (an audio's caption, as Meta does). */
  followingText?: string;
}

/** Fields that come with real content but are not content themselves. */
const METADATA_FIELDS = new Set([
  "messageContextInfo",
  "senderKeyDistributionMessage",
  "fastRatchetKeySenderKeyDistributionMessage",
]);

/** Wrappers whose `message` is the real content. */
const WRAPPERS = [
  "ephemeralMessage",
  "viewOnceMessage",
  "viewOnceMessageV2",
  "viewOnceMessageV2Extension",
  "documentWithCaptionMessage",
  "editedMessage",
  "deviceSentMessage",
  "botInvokeMessage",
  "groupMentionedMessage",
  "lottieStickerMessage",
  "associatedChildMessage",
  "groupStatusMessage",
  "groupStatusMessageV2",
] as const;

/** Strips the wrappers (ephemeral, view once, document with caption, edited…) down to content. */
export function unwrap(content: Content | null | undefined): Content | undefined {
  let current = content ?? undefined;
  for (let i = 0; i < 6 && current; i++) {
    let inner: Content | null | undefined;
    for (const field of WRAPPERS) {
      inner = (current[field] as { message?: Content | null } | null | undefined)?.message;
      if (inner) break;
    }
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** The text a message shows (conversation, extended text, a media caption or a reply). */
export function textOf(content: Content | undefined): string {
  if (!content) return "";
  return (
    content.conversation ??
    content.extendedTextMessage?.text ??
    content.imageMessage?.caption ??
    content.videoMessage?.caption ??
    content.documentMessage?.caption ??
    content.buttonsResponseMessage?.selectedDisplayText ??
    content.listResponseMessage?.title ??
    content.templateButtonReplyMessage?.selectedDisplayText ??
    ""
  );
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "application/pdf": "pdf",
};

function fileNameFor(id: string, mimetype: string, given?: string | null): string {
  if (given) return given;
  const ext = EXTENSIONS[mimetype.split(";")[0]!.trim()] ?? mimetype.split("/")[1]?.split(";")[0];
  return ext ? `${id}.${ext}` : id;
}

const MEDIA: [keyof Content, string][] = [
  ["imageMessage", "image"],
  ["videoMessage", "video"],
  ["ptvMessage", "video"],
  ["audioMessage", "audio"],
  ["documentMessage", "document"],
  ["stickerMessage", "sticker"],
];

/** What one message's content shows; null when it carries nothing to show. */
export function mapContent(id: string, content: Content): MappedContent | null {
  if (content.conversation != null || content.extendedTextMessage) {
    return { body: textOf(content), mediaType: "chat" };
  }
  for (const [field, mediaType] of MEDIA) {
    const part = content[field] as
      | { mimetype?: string | null; fileName?: string | null; caption?: string | null }
      | null
      | undefined;
    if (!part) continue;
    const mimetype = part.mimetype || "application/octet-stream";
    const media = { mimetype, fileName: fileNameFor(id, mimetype, part.fileName) };
    const caption = part.caption?.trim() ? part.caption : undefined;
    // Audio has no caption bubble anywhere: the text follows as its own message, like Meta's.
    // An audio file shared with a caption comes as a captioned document: it is an audio too.
    if (mediaType === "audio" || (caption && mimetype.startsWith("audio/"))) {
      return { body: "", mediaType: "audio", media, followingText: caption };
    }
    return {
      body: caption ?? (mediaType === "document" ? (part.fileName ?? "") : ""),
      mediaType,
      media,
    };
  }
  const loc = content.locationMessage ?? content.liveLocationMessage;
  if (loc) {
    const l = loc as proto.Message.ILocationMessage & proto.Message.ILiveLocationMessage;
    const body = locationBody({
      latitude: l.degreesLatitude,
      longitude: l.degreesLongitude,
      name: l.name,
      address: l.address,
      extra: [l.url, l.caption ?? l.comment],
    });
    return { body, mediaType: "location" };
  }
  if (content.contactMessage) return { body: cardOf(content.contactMessage), mediaType: "vcard" };
  if (content.contactsArrayMessage) {
    const cards = (content.contactsArrayMessage.contacts ?? []).map(cardOf);
    return { body: cards.join("\n"), mediaType: "vcard" };
  }
  return replyContent(content) ?? otherContent(content);
}

/** Answers to buttons, lists, templates and flows: what the customer chose. */
function replyContent(content: Content): MappedContent | null {
  const buttons = content.buttonsResponseMessage;
  if (buttons) return chat(buttons.selectedDisplayText || buttons.selectedButtonId);
  const list = content.listResponseMessage;
  if (list) {
    const title = list.title || list.singleSelectReply?.selectedRowId;
    return chat([title, list.description].filter(Boolean).join("\n"));
  }
  const template = content.templateButtonReplyMessage;
  if (template) return chat(template.selectedDisplayText || template.selectedId);
  const interactive = content.interactiveResponseMessage;
  if (interactive) {
    const flow = interactive.nativeFlowResponseMessage;
    const summary = flow?.paramsJson ? flowSummary(flow.paramsJson) : "";
    const header = interactive.body?.text;
    return chat([header && `📝 ${header}`, summary].filter(Boolean).join("\n"));
  }
  return null;
}

function chat(text: string | null | undefined): MappedContent | null {
  return text ? { body: text, mediaType: "chat" } : null;
}

const unsupported = (type: string, details?: string | null): MappedContent => ({
  body: placeholder(type, details),
  mediaType: "unsupported",
});

function otherContent(content: Content): MappedContent | null {
  const order = content.orderMessage;
  if (order) {
    const amount = order.totalAmount1000 != null ? Number(order.totalAmount1000) / 1000 : undefined;
    const lines = [order.orderTitle ? `🛒 ${order.orderTitle}` : "🛒"];
    if (amount !== undefined) {
      const currency = order.totalCurrencyCode ? `${order.totalCurrencyCode} ` : "";
      lines.push(`Total (${order.itemCount ?? "?"}): ${currency}${amount.toFixed(2)}`);
    } else if (order.itemCount) {
      lines.push(`${order.itemCount} ×`);
    }
    if (order.message?.trim()) lines.push(order.message.trim());
    return { body: lines.join("\n"), mediaType: "chat" };
  }
  const product = content.productMessage?.product;
  if (product) {
    const price =
      product.priceAmount1000 != null ? Number(product.priceAmount1000) / 1000 : undefined;
    const body = orderSummary(
      [
        {
          name: product.title ?? product.retailerId ?? "?",
          quantity: 1,
          price,
          currency: product.currencyCode ?? undefined,
        },
      ],
      [product.url, content.productMessage?.body].filter(Boolean).join("\n"),
      "",
    );
    return { body, mediaType: "chat" };
  }
  const poll =
    content.pollCreationMessage ??
    content.pollCreationMessageV2 ??
    content.pollCreationMessageV3 ??
    content.pollCreationMessageV5;
  if (poll) {
    const options = (poll.options ?? []).map((o) => `○ ${o.optionName ?? ""}`);
    return unsupported("poll", [poll.name, ...options].filter(Boolean).join("\n"));
  }
  if (content.pollUpdateMessage) return unsupported("poll vote");
  const event = content.eventMessage;
  if (event) {
    const start = safeDate(event.startTime);
    const where = event.location
      ? locationBody({
          name: event.location.name,
          address: event.location.address,
          latitude: event.location.degreesLatitude,
          longitude: event.location.degreesLongitude,
        })
      : "";
    return unsupported(
      "event",
      [event.name, event.description, start, where, event.joinLink].filter(Boolean).join("\n"),
    );
  }
  const invite = content.groupInviteMessage;
  if (invite)
    return unsupported(
      "group invite",
      [invite.groupName, invite.caption].filter(Boolean).join("\n"),
    );
  // Anything newer: named by its field, so the agent knows what the customer sent.
  const field = Object.keys(content).find(
    (k) => !METADATA_FIELDS.has(k) && content[k as keyof Content] != null,
  );
  if (!field) return null;
  return unsupported(field.replace(/Message(V\d+)?$/, "") || field);
}

function cardOf(card: proto.Message.IContactMessage): string {
  if (card.vcard?.trim()) return card.vcard;
  return vcardOf([{ name: card.displayName ?? "" }]);
}

function safeDate(value: unknown): string | undefined {
  const ms = messageMillis(value).timestamp;
  return ms ? new Date(ms).toISOString().replace("T", " ").slice(0, 16) + " UTC" : undefined;
}
