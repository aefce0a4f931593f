import { and, eq, inArray, sql } from "drizzle-orm";
import { mediaTypeForFile } from "@atrium/shared";
import type { Db, Tx } from "../db/client.js";
import {
  connectionQueues,
  contacts,
  messages,
  tickets,
  ticketTracking,
} from "../db/schema/index.js";
import { isUniqueViolation } from "../lib/errors.js";
import type { Logger } from "../lib/logger.js";
import { KeyedMutex } from "../lib/mutex.js";
import { storableJson, stripNul } from "../lib/text.js";
import { presentContact } from "../modules/contacts/contacts.presenter.js";
import type { FilesService, IncomingFile } from "../modules/files/files.service.js";
import { presentMessage, type MessageRow } from "../modules/messages/messages.presenter.js";
import { presentTicket } from "../modules/tickets/tickets.presenter.js";
import { nextProtocol } from "../modules/tickets/tickets.service.js";
import type { Publisher } from "../realtime/publish.js";
import type { ContactRow, TicketRow } from "./channel.js";
import { batchable, InboundBatcher, type BatchStored } from "./inbound-batch.js";
import { lastMessageText } from "./outbound.js";

/** A provider event, normalised by its adapter. */
export interface InboundEvent {
  companyId: number;
  connectionId: number;
  channelType: string;
  providerMessageId: string;
  from: {
    number: string;
    name: string;
    email?: string;
    profilePicUrl?: string;
    isGroup?: boolean;
    lid?: string;
    /** WhatsApp Cloud business-scoped user id. */
    bsuid?: string;
    /** A web-chat visitor is known by their internal id, not by a number. */
    visitorId?: string;
  };
  fromMe: boolean;
  body: string;
  mediaType: string;
  file?: IncomingFile;
  quotedProviderMessageId?: string;
  participant?: string;
  timestamp?: number;
  raw?: unknown;
  /**
   * The sender's name when `from.name` is empty and finding it costs a call (a profile
   * lookup): asked only when the single path is about to store the event, before its
   * transaction. A batched message goes to a contact that exists, whose name stays.
   */
  nameOf?: () => Promise<string>;
}

export interface InboundResult {
  duplicate: boolean;
  message: MessageRow;
  ticket: TicketRow;
  contact: ContactRow;
  ticketCreated: boolean;
  contactCreated: boolean;
  /** An existing contact's record changed (picture, e-mail, business-scoped id). */
  contactUpdated?: boolean;
  /** The message answers something sent to the contact (a campaign): see ReplyWatch. */
  answers?: boolean;
}

/**
 * Replies to what the company sent on its own (campaigns). `answering` runs once per batch of
 * stored messages (one query, the batch stays cheap) and says which of them answer something;
 * `onReply` then handles each of those after its message was published.
 */
export interface ReplyWatch {
  answering(stored: { message: MessageRow; contact: ContactRow }[]): Promise<Set<number>>;
  onReply(result: InboundResult): Promise<void>;
}

/**
 * What a provider sent, made storable: NUL characters dropped from every text (a customer's
 * message is never refused for them), the raw payload as clean JSON, and a timestamp only when
 * it is one (a provider's garbage would not fit the bigint column).
 */
function storable(event: InboundEvent): InboundEvent {
  const { raw, timestamp, ...rest } = event;
  return {
    ...stripNul(rest),
    timestamp:
      timestamp !== undefined && Number.isSafeInteger(timestamp) && timestamp >= 0
        ? timestamp
        : undefined,
    raw: storableJson(raw),
  };
}
/** Who the event is from, for the per-contact lock: the visitor id or the number. */
const contactKey = (event: InboundEvent) => event.from.visitorId ?? event.from.number;

/** Runs after a new message is stored (greeting, bot menus). */
export type AfterInbound = (result: InboundResult) => Promise<void>;

/**
 * THE inbound pipeline (DESIGN rule 7): dedupe by provider id → contact upsert → ticket
 * find-or-create → message insert → publish → bot step. Serialised per contact (in process and,
 * through an advisory lock, across nodes) and idempotent; the partial unique index on tickets
 * makes duplicates impossible even if both guards failed.
 */
export class InboundPipeline {
  private readonly locks = new KeyedMutex();
  private readonly afterHooks: AfterInbound[] = [];
  private readonly batcher: InboundBatcher;
  private replyWatch: ReplyWatch | undefined;

  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
    private readonly publisher: Publisher,
    private readonly logger: Logger,
  ) {
    this.batcher = new InboundBatcher(db, files.signer, logger, () => this.replyWatch);
  }

  onMessage(hook: AfterInbound): void {
    this.afterHooks.push(hook);
  }

  watchReplies(watch: ReplyWatch): void {
    this.replyWatch = watch;
  }

  /** Whether a message stored by the single path answers something (the batch asks itself). */
  private async answers(result: InboundResult): Promise<boolean> {
    if (!this.replyWatch || result.duplicate || result.message.fromMe) return false;
    const ids = await this.replyWatch.answering([result]).catch((err) => {
      this.logger.warn({ err }, "reply lookup failed");
      return new Set<number>();
    });
    return ids.has(result.message.id);
  }

  receive(received: InboundEvent): Promise<InboundResult> {
    const event = storable(received);
    return this.locks.run(`${event.connectionId}:${contactKey(event)}`, async () => {
      // The common case goes with the other contacts' events of the moment (inbound-batch.ts).
      const batched = batchable(event) ? await this.batcher.submit(event) : null;
      const result = batched ? batchResult(batched) : await this.store(event);
      if (!batched) result.answers = await this.answers(result);
      if (!result.duplicate) {
        await (batched ? this.publishBatched(batched) : this.publish(result));
        if (result.answers && this.replyWatch) {
          await this.replyWatch
            .onReply(result)
            .catch((err) => this.logger.warn({ err }, "reply handling failed"));
        }
        for (const hook of this.afterHooks) {
          await hook(result).catch((err) => this.logger.warn({ err }, "after-inbound step failed"));
        }
      }
      return result;
    });
  }

  private async store(received: InboundEvent): Promise<InboundResult> {
    const event = await named(received);
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction((tx) => this.storeIn(tx, event));
      } catch (err) {
        // Another node created the contact or ticket between our read and write: try again.
        if (attempt < 3 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  private async storeIn(tx: Tx, event: InboundEvent): Promise<InboundResult> {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${event.connectionId}, hashtext(${contactKey(event)}))`,
    );

    const [existing] = await tx
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.connectionId, event.connectionId),
          eq(messages.providerMessageId, event.providerMessageId),
        ),
      );
    if (existing) {
      const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, existing.ticketId));
      const [contact] = await tx.select().from(contacts).where(eq(contacts.id, ticket!.contactId));
      return {
        duplicate: true,
        message: existing,
        ticket: ticket!,
        contact: contact!,
        ticketCreated: false,
        contactCreated: false,
      };
    }

    const {
      contact,
      created: contactCreated,
      updated: contactUpdated,
    } = await this.upsertContact(tx, event);
    const { ticket, created: ticketCreated } = await this.findOrCreateTicket(tx, event, contact);

    const quoted = event.quotedProviderMessageId
      ? (
          await tx
            .select({ id: messages.id })
            .from(messages)
            .where(
              and(
                eq(messages.connectionId, event.connectionId),
                eq(messages.providerMessageId, event.quotedProviderMessageId),
              ),
            )
        )[0]
      : undefined;
    const file = event.file
      ? await this.files.save(event.companyId, event.file, undefined, tx)
      : undefined;

    const [message] = await tx
      .insert(messages)
      .values({
        companyId: event.companyId,
        ticketId: ticket.id,
        contactId: contact.id,
        connectionId: event.connectionId,
        providerMessageId: event.providerMessageId,
        body: event.body,
        mediaType: file ? mediaTypeForFile(event.mediaType, file.mimeType) : event.mediaType,
        fileId: file?.id ?? null,
        fromMe: event.fromMe,
        read: event.fromMe,
        ack: event.fromMe ? 1 : 0,
        quotedMsgId: quoted?.id ?? null,
        participant: event.participant ?? null,
        messageTimestamp: event.timestamp ?? Date.now(),
        raw: event.raw ?? null,
      })
      .returning();

    const [updated] = await tx
      .update(tickets)
      .set({
        lastMessage: lastMessageText(event.body, event.mediaType, file?.name),
        updatedAt: new Date(),
        ...(!event.fromMe && { unreadMessages: sql`${tickets.unreadMessages} + 1` }),
      })
      .where(eq(tickets.id, ticket.id))
      .returning();
    return {
      duplicate: false,
      message: message!,
      ticket: updated!,
      contact,
      ticketCreated,
      contactCreated,
      contactUpdated,
    };
  }

  private async upsertContact(tx: Tx, event: InboundEvent) {
    const [found] = await tx
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.companyId, event.companyId),
          event.from.visitorId
            ? eq(contacts.visitorId, event.from.visitorId)
            : eq(contacts.number, event.from.number),
        ),
      );
    if (found) {
      const changes: Partial<ContactRow> = {};
      if (event.from.profilePicUrl && event.from.profilePicUrl !== found.profilePicUrl) {
        changes.profilePicUrl = event.from.profilePicUrl;
      }
      if (event.from.email && !found.email) changes.email = event.from.email;
      if (event.from.bsuid && !found.bsuid) changes.bsuid = event.from.bsuid;
      if (Object.keys(changes).length === 0)
        return { contact: found, created: false, updated: false };
      const [updated] = await tx
        .update(contacts)
        .set(changes)
        .where(eq(contacts.id, found.id))
        .returning();
      return { contact: updated!, created: false, updated: true };
    }
    const [created] = await tx
      .insert(contacts)
      .values({
        companyId: event.companyId,
        number: event.from.number,
        name: event.from.name || event.from.number,
        email: event.from.email ?? "",
        profilePicUrl: event.from.profilePicUrl ?? "",
        isGroup: event.from.isGroup ?? false,
        channelType: event.channelType,
        lid: event.from.lid ?? null,
        bsuid: event.from.bsuid ?? null,
        visitorId: event.from.visitorId ?? null,
      })
      .returning();
    return { contact: created!, created: true, updated: false };
  }

  private async findOrCreateTicket(tx: Tx, event: InboundEvent, contact: ContactRow) {
    const [active] = await tx
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.contactId, contact.id),
          eq(tickets.connectionId, event.connectionId),
          inArray(tickets.status, ["open", "pending"]),
        ),
      );
    if (active) return { ticket: active, created: false };

    // A connection with exactly one queue puts new tickets straight into it.
    const queues = await tx
      .select({ queueId: connectionQueues.queueId })
      .from(connectionQueues)
      .where(eq(connectionQueues.connectionId, event.connectionId));
    const [ticket] = await tx
      .insert(tickets)
      .values({
        companyId: event.companyId,
        protocol: await nextProtocol(tx, event.companyId),
        status: "pending",
        contactId: contact.id,
        connectionId: event.connectionId,
        queueId: queues.length === 1 ? queues[0]!.queueId : null,
        channelType: event.channelType,
        isGroup: event.from.isGroup ?? false,
        // The queue menu (channels/bot) is for contacts, never for groups.
        chatbot: queues.length > 1 && !event.from.isGroup,
      })
      .returning();
    await tx.insert(ticketTracking).values({
      companyId: event.companyId,
      ticketId: ticket!.id,
      connectionId: event.connectionId,
      queuedAt: new Date(),
    });
    return { ticket: ticket!, created: true };
  }

  /**
   * Agents hear it as soon as possible: the reads run side by side, and the message event
   * carries the ticket's contact (what the lists and the bell show) rather than the full
   * contact record, which only a new contact's event needs.
   */
  private async publish(result: InboundResult): Promise<void> {
    const changed = result.contactCreated || result.contactUpdated;
    const [ticket, message, contact] = await Promise.all([
      presentTicket(this.db, result.ticket.id),
      presentMessage(this.db, this.files.signer, result.message),
      changed ? presentContact(this.db, result.contact) : undefined,
    ]);
    if (contact) {
      const action = result.contactCreated ? "create" : "update";
      this.publisher.contactChanged(result.contact.companyId, action, contact);
    }
    this.publisher.ticketChanged(null, ticket);
    this.publisher.messageEvent(ticket, "create", { message, ticket, contact: ticket.contact });
  }

  /**
   * A contact an adapter changed outside the pipeline (a WhatsApp Cloud customer known by their
   * business-scoped id whose phone number came along): open contact lists and tickets follow.
   */
  async contactUpdated(contact: ContactRow): Promise<void> {
    const dto = await presentContact(this.db, contact);
    this.publisher.contactChanged(contact.companyId, "update", dto);
  }

  /** The same events for a batched message, from the rows the batch wrote. */
  private publishBatched(stored: BatchStored): void {
    const ticket = stored.ticketDTO;
    this.publisher.ticketChanged(null, ticket);
    this.publisher.messageEvent(ticket, "create", {
      message: stored.messageDTO,
      ticket,
      contact: ticket.contact,
    });
  }
}

function batchResult(stored: BatchStored): InboundResult {
  return {
    duplicate: false,
    message: stored.message,
    ticket: stored.ticket,
    contact: stored.contact,
    ticketCreated: false,
    contactCreated: false,
    answers: stored.answers ?? false,
  };
}

/** The event with its sender's name, looked up now if the adapter left that for later. */
async function named(event: InboundEvent): Promise<InboundEvent> {
  if (event.from.name || !event.nameOf) return event;
  return { ...event, from: { ...event.from, name: stripNul(await event.nameOf()) } };
}
