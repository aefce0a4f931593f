/** What a Meta webhook item means for us (meta.map.ts, whatsapp.map.ts produce these). */
import { BadEntryError } from "../timestamps.js";

/** agent-core's ack scale: 1–2 one tick, 3 grey double tick, 4–5 blue. */
export const ACK = { sent: 2, delivered: 3, read: 4, played: 5 } as const;

/** Where an attachment's bytes are: a plain URL (Messenger/Instagram) or a WhatsApp media id. */
export type MediaRef =
  | { kind: "url"; url: string; filename?: string; mimeType?: string }
  | { kind: "whatsapp"; id: string; filename?: string; mimeType?: string };

export interface MappedMessage {
  kind: "message";
  providerMessageId: string;
  /**
   * The customer: PSID, IGSID or, on WhatsApp, the phone number (wa_id) — or the business-scoped
   * user id when that is all the message carries. `bsuid` is that id when known.
   */
  contact: { id: string; name?: string; bsuid?: string };
  fromMe: boolean;
  body: string;
  mediaType: string;
  media?: MediaRef;
  quotedProviderMessageId?: string;
  timestamp?: number;
  /** Why the provider's timestamp was not used (the webhook logs it). */
  timestampNote?: string;
}

export type MetaAction =
  | MappedMessage
  /** Our messages reached this ack (ACK scale). */
  | { kind: "ack"; providerMessageIds: string[]; ack: number }
  /** Every message we sent this contact up to `watermark` (ms) reached `ack`. */
  | { kind: "ackUpTo"; contactId: string; watermark: number; ack: number }
  | { kind: "failed"; providerMessageId: string; error: string }
  /** Messenger/Instagram unsend: the message goes away (agent-core §4). */
  | { kind: "deleted"; providerMessageId: string }
  /** WhatsApp revoke: the message stays, shown as deleted. */
  | { kind: "revoked"; providerMessageId: string }
  /** The sender edited the message: new text, the old one kept in its history. */
  | { kind: "edited"; providerMessageId: string; body: string }
  /** An item that cannot be stored: logged with its reason, the rest of the call goes on. */
  | { kind: "rejected"; reason: string; item: unknown };

/** An array, whatever the hostile payload holds there. */
export const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export const str = (value: unknown): string | undefined =>
  typeof value === "string" && value !== ""
    ? value
    : typeof value === "number"
      ? String(value)
      : undefined;

/** Maps one item; an unreadable one becomes a `rejected` action instead of an exception. */
export function guarded(item: unknown, map: () => MetaAction[]): MetaAction[] {
  try {
    return map();
  } catch (err) {
    const reason = err instanceof BadEntryError ? err.message : `unreadable item: ${String(err)}`;
    return [{ kind: "rejected", reason, item }];
  }
}
