import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { isAdmin, LIST_COUNT_LIMIT, mediaTypeOf, PAGE_SIZE } from "@atrium/shared";
import type { Db } from "../../db/client.js";
import { connections, contacts, messages, quickMessages, tickets } from "../../db/schema/index.js";
import type { ChannelRegistry, TicketRow } from "../../channels/channel.js";
import { instagramAudioPlan } from "../../channels/meta/instagram-audio.js";
import type { Delivery } from "../../channels/delivery.js";
import type { Outbound } from "../../channels/outbound.js";
import { AppError } from "../../lib/errors.js";
import { shapedQuery } from "../../lib/shaped.js";
import { countUpTo, countUpToQuery } from "../../lib/sql.js";
import { assertReachable } from "../contacts/contact-reach.js";
import type { Actor } from "../auth/actor.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import type { TicketsService } from "../tickets/tickets.service.js";
import {
  messageRefs,
  presentMessages,
  presentWithRefs,
  type MessageDTO,
} from "./messages.presenter.js";

export interface SendInput {
  body: string;
  quotedMsgId?: number | null;
  quickMessageId?: number | null;
  files?: IncomingFile[];
}

/**
 * A page of messages, their references and the count (an uncorrelated subquery, run once) in
 * one statement, built once per shape of the condition and planned once (lib/shaped.ts): one
 * ticket's messages come from its (ticket_id, created_at) index whatever the ticket.
 */
const messagesPage = shapedQuery(
  (db, visible) =>
    db
      .select({
        m: messages,
        refs: messageRefs,
        total: sql<number>`(${countUpToQuery(db, messages, visible, LIST_COUNT_LIMIT)})`.mapWith(
          Number,
        ),
      })
      .from(messages)
      .where(visible)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(""),
  { byKey: true },
);

/**
 * Marks messages read, built once per shape. Planned with its values (not byKey): the values
 * read = false and from_me = false are what lets the plan use the small partial index
 * messages_unread_inbound.
 */
const markMessagesRead = shapedQuery((db, where) =>
  db
    .update(messages)
    .set({ read: true })
    .where(where)
    .returning({ providerMessageId: messages.providerMessageId })
    .prepare(""),
);

export class MessagesService {
  constructor(
    private readonly db: Db,
    private readonly tickets: TicketsService,
    private readonly outbound: Outbound,
    private readonly files: FilesService,
    private readonly registry: ChannelRegistry,
    private readonly delivery: Delivery,
  ) {}

  /**
   * A page of a ticket's messages, newest page first, oldest first within the page. Opening
   * the ticket (not spying) marks it read. Queue-scoped messages only for that queue's members.
   */
  async list(actor: Actor, ticketId: number, pageNumber: number, spy: boolean) {
    const { row: ticket, dto } = await this.tickets.openablePresented(actor, { id: ticketId });
    if (spy && !isAdmin(actor)) throw new AppError("ERR_NO_PERMISSION");
    const opening = !spy && pageNumber === 1;
    const visible = and(
      eq(messages.ticketId, ticket.id),
      isAdmin(actor)
        ? undefined
        : or(
            isNull(messages.queueId),
            actor.queueIds.length ? inArray(messages.queueId, actor.queueIds) : undefined,
          ),
    )!;
    const size = PAGE_SIZE.messages;
    const offset = (pageNumber - 1) * size;
    const [rows] = await Promise.all([
      messagesPage(this.db, visible, { limit: size + 1, offset }),
      opening ? this.markRead(ticket) : undefined,
    ]);
    // Past the last page no row carries the count: it is counted on its own.
    const total = rows[0]?.total ?? (offset ? await countUpTo(this.db, messages, visible) : 0);
    const page = rows.slice(0, size).reverse();
    const presented = await presentWithRefs(this.db, this.files.signer, page);
    return {
      messages: presented,
      // Read with the ticket, before markRead zeroed its unread count.
      ticket: opening ? { ...dto, unreadMessages: 0 } : dto,
      count: total,
      hasMore: rows.length > size,
    };
  }

  async markRead(ticket: TicketRow): Promise<void> {
    const unread = await markMessagesRead(
      this.db,
      and(eq(messages.ticketId, ticket.id), eq(messages.read, false), eq(messages.fromMe, false))!,
      {},
    );
    await this.tickets.markRead(ticket);
    const ids = unread.map((m) => m.providerMessageId).filter((id): id is string => Boolean(id));
    if (ids.length) {
      const [row] = await this.db
        .select({ connection: connections, contact: contacts })
        .from(connections)
        .innerJoin(contacts, eq(contacts.id, ticket.contactId))
        .where(eq(connections.id, ticket.connectionId));
      if (row) {
        const adapter = this.registry.get(row.connection.channelType);
        await adapter?.markRead(row.connection, row.contact, ids).catch(() => undefined);
      }
    }
  }

  /** An agent's message: stored first, delivered by the outbound job. Only in open tickets. */
  async send(actor: Actor, ticketId: number, input: SendInput): Promise<MessageDTO[]> {
    const ticket = await this.tickets.openable(actor, { id: ticketId });
    if (ticket.status !== "open") {
      throw new AppError("ERR_VALIDATION", "Messages can only be sent in open tickets", {
        status: ticket.status,
      });
    }
    if (!isAdmin(actor) && ticket.userId !== actor.id) throw new AppError("ERR_NO_PERMISSION");
    await this.assertReachable(ticket);
    const quotedMsgId = input.quotedMsgId
      ? await this.assertQuoted(ticket, input.quotedMsgId)
      : null;

    let body = input.body;
    const attachments: {
      fileId: number;
      mediaType: string;
      name: string;
      mimeType: string;
      size: number;
    }[] = [];
    if (input.quickMessageId) {
      const [quick] = await this.db
        .select()
        .from(quickMessages)
        .where(
          and(
            eq(quickMessages.id, input.quickMessageId),
            eq(quickMessages.companyId, actor.companyId),
          ),
        );
      if (!quick) throw new AppError("ERR_NOT_FOUND", "Quick message not found");
      if (!body.trim()) body = quick.message;
      const found = quick.fileId ? await this.files.findById(quick.fileId) : undefined;
      const file = found && (await this.files.checked(found));
      // Never the text without the file the quick message promises.
      if (found && !file) throw new AppError("ERR_NOT_FOUND", "The quick message's file is gone");
      if (file)
        attachments.push({
          fileId: file.id,
          mediaType: mediaTypeOf(file.mimeType),
          name: file.name,
          mimeType: file.mimeType,
          size: file.size,
        });
    }
    for (const item of attachments) assertChannelTakes(ticket, item.mimeType, item.size);
    for (const upload of input.files ?? []) {
      assertChannelTakes(ticket, upload.mimetype, upload.data.length);
    }
    for (const upload of input.files ?? []) {
      const file = await this.files.save(actor.companyId, upload, actor.id);
      attachments.push({
        fileId: file.id,
        mediaType: mediaTypeOf(file.mimeType),
        name: upload.filename,
        mimeType: upload.mimetype,
        size: upload.data.length,
      });
    }
    if (!attachments.length && !body.trim()) {
      throw new AppError("ERR_VALIDATION", "Empty message", { body: "Required" });
    }

    const rows = [];
    if (attachments.length === 0) {
      rows.push(await this.outbound.queue(ticket, { body, senderId: actor.id, quotedMsgId }));
    }
    for (const [index, item] of attachments.entries()) {
      rows.push(
        await this.outbound.queue(ticket, {
          // The text travels with the first file as its caption (the client sends the file
          // name as body for a bare upload: no caption then).
          body: index === 0 && body.trim() !== item.name ? body : "",
          mediaType: item.mediaType,
          fileId: item.fileId,
          senderId: actor.id,
          quotedMsgId: index === 0 ? quotedMsgId : null,
        }),
      );
    }
    return presentMessages(this.db, this.files.signer, rows);
  }

  /** Deletes one of the actor's own messages: shown as deleted, removed at the provider. */
  async delete(actor: Actor, messageId: number): Promise<void> {
    const [row] = await this.db
      .select({ message: messages, ticket: tickets })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(eq(messages.id, messageId), eq(messages.companyId, actor.companyId)));
    if (!row) throw new AppError("ERR_NOT_FOUND", "Message not found");
    if (!row.message.fromMe || row.message.senderId !== actor.id)
      throw new AppError("ERR_NO_PERMISSION");
    // The provider deletes first: a channel that cannot (Meta) leaves the message as it was.
    if (row.message.providerMessageId) {
      const [peer] = await this.db
        .select({ connection: connections, contact: contacts })
        .from(connections)
        .innerJoin(contacts, eq(contacts.id, row.ticket.contactId))
        .where(eq(connections.id, row.ticket.connectionId));
      if (peer) {
        try {
          await this.registry
            .get(peer.connection.channelType)
            ?.deleteMessage(peer.connection, peer.contact, row.message.providerMessageId);
        } catch (err) {
          if (err instanceof AppError && err.code === "ERR_DELETE_WAPP_MSG") throw err;
          throw new AppError("ERR_DELETE_WAPP_MSG");
        }
      }
    }
    const [updated] = await this.db
      .update(messages)
      .set({ isDeleted: true })
      .where(eq(messages.id, messageId))
      .returning();
    await this.outbound.publishUpdate(row.ticket, updated!);
  }

  /**
   * Sends a failed message again ('Tentar novamente'): whoever may write in the ticket. The
   * message goes back to the end of its connection's lane with its error cleared.
   */
  async retry(actor: Actor, messageId: number): Promise<MessageDTO> {
    const [row] = await this.db
      .select({ message: messages })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.companyId, actor.companyId)));
    if (!row) throw new AppError("ERR_NOT_FOUND", "Message not found");
    const ticket = await this.tickets.openable(actor, { id: row.message.ticketId });
    if (!isAdmin(actor) && ticket.userId !== actor.id) throw new AppError("ERR_NO_PERMISSION");
    const { message } = row;
    if (!message.fromMe || !message.error || message.isDeleted) {
      throw new AppError("ERR_MESSAGE_NOT_FAILED");
    }
    await this.delivery.forget(message.id);
    // A message the provider took and then reported undelivered goes again as a new one.
    const [cleared] = await this.db
      .update(messages)
      .set({ error: null, providerMessageId: null, ack: 0 })
      .where(and(eq(messages.id, message.id), eq(messages.companyId, actor.companyId)))
      .returning();
    await this.outbound.publishUpdate(ticket, cleared!);
    await this.outbound.requeue(cleared!);
    const [dto] = await presentMessages(this.db, this.files.signer, [cleared!]);
    return dto!;
  }

  /** Nothing is stored for a contact the ticket's connection cannot reach (no false tick). */
  private async assertReachable(ticket: TicketRow): Promise<void> {
    const [peer] = await this.db
      .select({ connection: connections, contact: contacts })
      .from(connections)
      .innerJoin(contacts, eq(contacts.id, ticket.contactId))
      .where(eq(connections.id, ticket.connectionId));
    if (peer) await assertReachable(this.db, peer.connection, peer.contact);
  }

  private async assertQuoted(ticket: TicketRow, quotedMsgId: number): Promise<number> {
    const [quoted] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, quotedMsgId), eq(messages.ticketId, ticket.id)));
    if (!quoted)
      throw new AppError("ERR_VALIDATION", "Quoted message not found", { quotedMsg: "Unknown" });
    return quoted.id;
  }
}

/** Refused here, in the composer, rather than failing later at the provider. */
function assertChannelTakes(ticket: TicketRow, mimeType: string, size: number): void {
  if (
    ticket.channelType === "INSTAGRAM" &&
    mediaTypeOf(mimeType) === "audio" &&
    instagramAudioPlan(mimeType, size) === "refuse"
  ) {
    throw new AppError("ERR_INSTAGRAM_AUDIO_FORMAT");
  }
}
