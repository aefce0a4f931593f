import type { Readable } from "node:stream";
import type { ChannelType } from "@atrium/shared";
import type { RowCache } from "../db/row-cache.js";
import type { connections, contacts, tickets } from "../db/schema/index.js";

export type ConnectionRow = typeof connections.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type TicketRow = typeof tickets.$inferSelect;

/** The rows inbound requests look up by the ids they carry, cached (db/row-cache.ts). */
export interface InboundRows {
  connections: RowCache<ConnectionRow>;
  contacts: RowCache<ContactRow>;
}

export interface OutboundFile {
  name: string;
  /** Detected from the bytes (docs/security.md). */
  mimeType: string;
  /** Bytes. */
  size: number;
  open(): Readable;
  url: string;
}

/** What an adapter is asked to deliver. */
export interface OutboundMessage {
  messageId: number;
  /** Bulk work (schedules, campaigns): the stricter Baileys rate guard applies. */
  bulk?: boolean;
  body: string;
  mediaType: string;
  file?: OutboundFile;
  quoted?: { providerMessageId: string | null; body: string; fromMe: boolean } | null;
}

/**
 * A send the provider refused for good (bad recipient, expired token, closed messaging window):
 * the outbound job does not retry it and shows this message's text on the message.
 */
export class PermanentSendError extends Error {}

/**
 * A send that cannot go out now: the message stays queued (ack 0) and the connection's lane
 * backs off. "auth" (token rejected) trips the circuit breaker at once, "transport" (provider
 * down, timeout, socket closed) after a few in a row, "rate" (provider rate limit) only pauses.
 */
export class SendUnavailableError extends Error {
  constructor(
    message: string,
    readonly kind: "transport" | "auth" | "rate",
    /** The provider's Retry-After, when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * A send whose outcome is unknown: the request left but no answer came (a timeout, a reset
 * connection), so the provider may have the message. Without an idempotency key at the
 * provider it is never sent again by itself (no duplicate): it is marked ERR_SEND_INTERRUPTED
 * for a person to check and retry, and the connection backs off as for a transport failure.
 */
export class SendUncertainError extends Error {}

export interface SendResult {
  providerMessageId: string;
  /** Ack reached by the send itself (1 sent, 2 delivered…). */
  ack: number;
}

/**
 * One interface for every channel (DESIGN rule 8). Adapters translate between a provider and
 * our shapes; they never touch tickets or the database themselves — inbound events go to the
 * inbound pipeline, outbound sends come from the outbound job.
 */
export interface ChannelAdapter {
  readonly type: ChannelType;
  /**
   * Sending the same message twice shows it once (the widget keys messages by id), so a send
   * interrupted by a node's death may simply be sent again.
   */
  readonly idempotentSends?: boolean;
  start(connection: ConnectionRow): Promise<void>;
  stop(connection: ConnectionRow): Promise<void>;
  send(
    connection: ConnectionRow,
    contact: ContactRow,
    message: OutboundMessage,
  ): Promise<SendResult>;
  deleteMessage(
    connection: ConnectionRow,
    contact: ContactRow,
    providerMessageId: string,
  ): Promise<void>;
  markRead(
    connection: ConnectionRow,
    contact: ContactRow,
    providerMessageIds: string[],
  ): Promise<void>;
  /** Agent typing indicator, where the channel has one. */
  typing?(connection: ConnectionRow, contact: ContactRow, on: boolean): Promise<void>;
  profilePicture?(connection: ConnectionRow, contact: ContactRow): Promise<string | undefined>;
  /**
   * Which of these numbers (digits) exist on the channel (contact-list check); only channels
   * that can ask (WhatsApp through Baileys) have it.
   */
  checkNumbers?(connection: ConnectionRow, numbers: string[]): Promise<Map<string, boolean>>;
}

export class ChannelRegistry {
  private readonly adapters = new Map<string, ChannelAdapter>();

  register(adapter: ChannelAdapter): void {
    this.adapters.set(adapter.type, adapter);
  }

  get(type: string): ChannelAdapter | undefined {
    return this.adapters.get(type);
  }
}
