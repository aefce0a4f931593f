import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { connections, contacts, files, messages, tickets } from "../db/schema/index.js";
import { AppError, isUniqueViolation } from "../lib/errors.js";
import { presentMessage, type MessageRow } from "../modules/messages/messages.presenter.js";
import type { FilesService } from "../modules/files/files.service.js";
import { refreshLastMessage } from "../modules/tickets/last-message.js";
import { presentTicket } from "../modules/tickets/tickets.presenter.js";
import type { Publisher } from "../realtime/publish.js";
import type { ChannelRegistry, SendResult, TicketRow } from "./channel.js";
import { vcardNames } from "./content.js";
import type { OutboundLanes } from "./lanes.js";

export interface OutgoingMessage {
  body: string;
  mediaType?: string;
  fileId?: number | null;
  senderId?: number | null;
  quotedMsgId?: number | null;
  /** Queue-scoped (visible to that queue's members only). */
  queueId?: number | null;
}

/** Preview text of a message for the ticket list. */
export function lastMessageText(body: string, mediaType: string, fileName?: string | null): string {
  // A contact card previews as its names, a location as its first line (not raw vCard / URL).
  if (mediaType === "vcard")
    body = vcardNames(body)
      .map((n) => `👤 ${n}`)
      .join(", ");
  if (mediaType === "location") {
    const first = body.split("\n")[0] ?? "";
    body = /^https?:/.test(first) ? "📍" : `📍 ${first}`;
  }
  if (body.trim()) return body.slice(0, 255);
  return fileName ? fileName.slice(0, 255) : mediaType;
}

/**
 * The one global send queue of earlier versions ("outbound.send" with the default prefix),
 * drained into the lanes; its name shares the lanes' prefix without being a lane.
 */
export const legacyOutboundJob = (prefix: string) => `${prefix}.send`;

/**
 * Outgoing messages: stored first (ack 0), then delivered by the connection's adapter through
 * the connection's send lane (lanes.ts, delivery.ts); the ack follows delivery (DESIGN rule 10).
 */
export class Outbound {
  constructor(
    private readonly db: Db,
    private readonly lanes: OutboundLanes,
    private readonly registry: ChannelRegistry,
    private readonly publisher: Publisher,
    private readonly files: FilesService,
  ) {}

  /** Stores an outgoing message in the ticket, publishes it and queues its delivery. */
  async queue(ticket: TicketRow, input: OutgoingMessage): Promise<MessageRow> {
    const message = await this.db.transaction((tx) => this.insert(tx, ticket, input));
    await this.afterInsert(ticket.id, message);
    return message;
  }

  /** Insert only, inside the caller's transaction; call `afterInsert` after commit. */
  async insert(tx: DbOrTx, ticket: TicketRow, input: OutgoingMessage): Promise<MessageRow> {
    const [row] = await tx
      .insert(messages)
      .values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        connectionId: ticket.connectionId,
        body: input.body,
        mediaType: input.mediaType ?? "chat",
        fileId: input.fileId ?? null,
        fromMe: true,
        read: true,
        ack: 0,
        senderId: input.senderId ?? null,
        quotedMsgId: input.quotedMsgId ?? null,
        queueId: input.queueId ?? null,
        messageTimestamp: Date.now(),
      })
      .returning();
    let fileName: string | null = null;
    if (input.fileId) {
      const [file] = await tx
        .select({ name: files.name })
        .from(files)
        .where(eq(files.id, input.fileId));
      fileName = file?.name ?? null;
    }
    if (!input.queueId) {
      await tx
        .update(tickets)
        .set({
          lastMessage: lastMessageText(input.body, row!.mediaType, fileName),
          updatedAt: new Date(),
        })
        .where(eq(tickets.id, ticket.id));
    }
    return row!;
  }

  /** Publishes a stored message and queues its delivery (`bulk`: schedules, campaigns). */
  async afterInsert(ticketId: number, message: MessageRow, opts: { bulk?: boolean } = {}) {
    const ticket = await presentTicket(this.db, ticketId);
    const dto = await presentMessage(this.db, this.files.signer, message);
    this.publisher.messageEvent(ticket, "create", {
      message: dto,
      ticket,
      contact: ticket.contact,
    });
    if (!message.queueId) this.publisher.ticketChanged(null, ticket);
    // Notes and queue-internal messages are never sent to the contact.
    if (message.mediaType !== "note" && !message.queueId) {
      await this.lanes.enqueue(await this.connectionOf(message), message.id, opts.bulk ?? false);
    }
  }

  /** Queues a stored message's delivery again (the retry of a failed send). */
  async requeue(message: MessageRow): Promise<void> {
    await this.lanes.enqueue(await this.connectionOf(message), message.id, false);
  }

  /**
   * A send queued by an earlier version on the one global queue ("outbound.send", drained at
   * boot): the message moves to its connection's lane unless it went out or failed meanwhile.
   */
  async requeueById(messageId: number): Promise<void> {
    const [message] = await this.db.select().from(messages).where(eq(messages.id, messageId));
    if (!message || message.isDeleted || message.providerMessageId || message.error) return;
    await this.lanes.enqueue(await this.connectionOf(message), message.id, false);
  }

  /** The connection whose lane sends a message: its own, else its ticket's (older rows). */
  private async connectionOf(message: MessageRow): Promise<number> {
    if (message.connectionId) return message.connectionId;
    const [ticket] = await this.db
      .select({ connectionId: tickets.connectionId })
      .from(tickets)
      .where(eq(tickets.id, message.ticketId));
    return ticket!.connectionId;
  }

  /**
   * Hands a stored message to its connection's adapter and records the provider's id and ack.
   * Errors are the adapter's (delivery.ts decides what they mean); a message already sent,
   * deleted or gone is not sent again.
   */
  async sendNow(messageId: number, opts: { bulk?: boolean } = {}): Promise<SendResult | null> {
    const row = await this.loadForSend(messageId);
    if (!row || row.message.isDeleted || row.message.providerMessageId) return null;
    return this.sendLoaded(row, opts);
  }

  /** A message with what sending it needs (its ticket, connection and contact). */
  async loadForSend(messageId: number) {
    const [row] = await this.db
      .select({ message: messages, ticket: tickets, connection: connections, contact: contacts })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(connections, eq(connections.id, tickets.connectionId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(eq(messages.id, messageId));
    return row;
  }

  /** `sendNow` for a message already loaded (the lanes' attempt loads it once). */
  async sendLoaded(
    row: NonNullable<Awaited<ReturnType<Outbound["loadForSend"]>>>,
    opts: { bulk?: boolean } = {},
  ): Promise<SendResult> {
    const { message, ticket, connection, contact } = row;
    const adapter = this.registry.get(connection.channelType);
    if (!adapter) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    const stored = message.fileId ? await this.files.findById(message.fileId) : undefined;
    // A legacy row's type is checked from its bytes before anyone relies on it.
    const file =
      stored &&
      ((await this.files.checked(stored)) ?? { ...stored, mimeType: "application/octet-stream" });
    const quoted = message.quotedMsgId
      ? (await this.db.select().from(messages).where(eq(messages.id, message.quotedMsgId)))[0]
      : undefined;
    const result = await adapter.send(connection, contact, {
      messageId: message.id,
      bulk: opts.bulk ?? false,
      body: message.body,
      mediaType: message.mediaType,
      file: file
        ? {
            name: file.name,
            mimeType: file.mimeType,
            size: file.size,
            open: () => this.files.open(file),
            url: this.files.signer.url(file.id),
          }
        : undefined,
      quoted: quoted
        ? {
            providerMessageId: quoted.providerMessageId,
            body: quoted.body,
            fromMe: quoted.fromMe,
          }
        : null,
    });
    await this.setAck(ticket, message.id, result.ack, result.providerMessageId);
    return result;
  }

  /** Marks a message failed with this text and publishes it ('Tentar novamente' in the chat). */
  async markFailed(messageId: number, error: string): Promise<void> {
    const [row] = await this.db
      .select({ ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(eq(messages.id, messageId));
    const [failed] = await this.db
      .update(messages)
      .set({ error: error.slice(0, 1000) })
      .where(eq(messages.id, messageId))
      .returning();
    if (row && failed) await this.publishUpdate(row.ticket, failed);
  }

  /** Raises a message's ack (never lowers it) and publishes the change. */
  async setAck(
    ticket: TicketRow,
    messageId: number,
    ack: number,
    providerMessageId?: string,
  ): Promise<void> {
    const update = () =>
      this.db
        .update(messages)
        .set({
          ack: sql`greatest(${messages.ack}, ${ack})`,
          ...(providerMessageId && { providerMessageId }),
          error: null,
        })
        .where(and(eq(messages.id, messageId), eq(messages.companyId, ticket.companyId)))
        .returning();
    let updated: MessageRow | undefined;
    try {
      [updated] = await update();
    } catch (err) {
      if (!providerMessageId || !isUniqueViolation(err)) throw err;
      // The channel's echo of this very send (Instagram has no marker) was stored first, as a
      // message from the phone: it is the same message, so the echo row goes and ours stays.
      await this.dropEcho(ticket, messageId, providerMessageId);
      [updated] = await update();
    }
    if (updated) await this.publishUpdate(ticket, updated, { ackOnly: true });
  }

  private async dropEcho(ticket: TicketRow, messageId: number, providerMessageId: string) {
    const [echo] = await this.db
      .delete(messages)
      .where(
        and(
          eq(messages.ticketId, ticket.id),
          eq(messages.providerMessageId, providerMessageId),
          eq(messages.fromMe, true),
          ne(messages.id, messageId),
        ),
      )
      .returning();
    // Open ticket views drop it like any message removed at the provider.
    if (echo) await this.publishUpdate(ticket, { ...echo, isDeleted: true });
  }

  /**
   * Publishes a changed message. Every deletion and edit passes here (agent, Baileys, Meta), so
   * the ticket row's preview follows them; an ack (`ackOnly`) changes no text, so an edited
   * message's later acks do not re-read the ticket's last message each time.
   */
  async publishUpdate(
    ticket: TicketRow,
    message: MessageRow,
    { ackOnly = false }: { ackOnly?: boolean } = {},
  ): Promise<void> {
    const dto = await presentMessage(this.db, this.files.signer, message);
    this.publisher.messageEvent(ticket, "update", { message: dto });
    if (!ackOnly && (message.isDeleted || message.isEdited)) {
      await refreshLastMessage(this.db, this.publisher, ticket.id);
    }
  }
}
