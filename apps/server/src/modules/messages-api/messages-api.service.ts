import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  checkPhoneNumber,
  isAdmin,
  mediaTypeOf,
  PHONE_ERROR_MESSAGE,
  type ApiSendInput,
  PHONE_CHANNELS,
  type ChannelType,
} from "@atrium/shared";
import type { Db, Tx } from "../../db/client.js";
import {
  companies,
  connectionQueues,
  connections,
  contacts,
  queues,
  tickets,
  ticketTracking,
} from "../../db/schema/index.js";
import type { ConnectionRow, ContactRow, TicketRow } from "../../channels/channel.js";
import type { Outbound } from "../../channels/outbound.js";
import { AppError, forbidden, isUniqueViolation } from "../../lib/errors.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { presentContact } from "../contacts/contacts.presenter.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import type { MessageRow } from "../messages/messages.presenter.js";
import { nextProtocol } from "../tickets/tickets.service.js";
import { apiKeyMatches, companyIdOfKey, generateApiKey, hashApiKey } from "./messages-api.key.js";

/** Who is calling the API: the company of X_KEY and its connection named by X_TOKEN. */
export interface ApiCaller {
  companyId: number;
  connection: ConnectionRow;
}

export interface ApiSendRequest extends ApiSendInput {
  files: IncomingFile[];
}

export interface ApiSendResult {
  ticketId: number;
  ticketUuid: string;
  ticketStatus: TicketRow["status"];
  contactId: number;
  messageIds: number[];
}

/**
 * The outbound messages API (admin-operator §2.13, §7). X_KEY names the company (its hash is
 * stored, compared in constant time), X_TOKEN one of that company's connections. A send finds
 * or creates the contact, finds or creates the ticket, and queues the message(s) through the
 * one outbound path, so delivery, retries and acks are those of an agent's message.
 */
export class MessagesApiService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly outbound: Outbound,
    private readonly files: FilesService,
  ) {}

  /** What the /messages-api page shows about the key; the key itself is never shown again. */
  async keyStatus(actor: Actor) {
    this.requireAdmin(actor);
    const company = await this.company(actor.companyId);
    return { apiEnabled: company.apiEnabled, hasKey: company.apiKeyHash !== null };
  }

  /** Creates or replaces the company's key; the plain key is answered once, only its hash kept. */
  async rotateKey(actor: Actor) {
    this.requireAdmin(actor);
    const key = generateApiKey(actor.companyId);
    const [row] = await this.db
      .update(companies)
      .set({ apiKeyHash: hashApiKey(key) })
      .where(eq(companies.id, actor.companyId))
      .returning({ apiEnabled: companies.apiEnabled });
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
    return { key, apiEnabled: row.apiEnabled, hasKey: true };
  }

  async authenticate(key: string | undefined, token: string | undefined): Promise<ApiCaller> {
    const companyId = key ? companyIdOfKey(key) : null;
    if (!key || companyId === null) throw new AppError("ERR_API_KEY_INVALID");
    const [company] = await this.db
      .select({
        apiKeyHash: companies.apiKeyHash,
        apiEnabled: companies.apiEnabled,
        status: companies.status,
      })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company || !apiKeyMatches(key, company.apiKeyHash)) {
      throw new AppError("ERR_API_KEY_INVALID");
    }
    if (!company.apiEnabled || !company.status) throw new AppError("ERR_API_DISABLED");
    if (!token?.trim()) throw new AppError("ERR_API_TOKEN_INVALID");
    // Only this company's connections: another company's token is simply unknown here.
    const [connection] = await this.db
      .select()
      .from(connections)
      .where(
        and(
          eq(connections.companyId, companyId),
          eq(connections.token, token.trim()),
          ne(connections.token, ""),
        ),
      )
      .orderBy(connections.id)
      .limit(1);
    if (!connection) throw new AppError("ERR_API_TOKEN_INVALID");
    return { companyId, connection };
  }

  async send(caller: ApiCaller, input: ApiSendRequest): Promise<ApiSendResult> {
    const { connection, companyId } = caller;
    if (!PHONE_CHANNELS.includes(connection.channelType as ChannelType)) {
      throw new AppError("ERR_API_CHANNEL_UNSUPPORTED");
    }
    if (connection.status !== "CONNECTED") throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    const checked = checkPhoneNumber(input.number);
    if (!checked.ok) {
      throw new AppError("ERR_INVALID_PHONE_NUMBER", undefined, { number: PHONE_ERROR_MESSAGE });
    }
    const number = checked.digits;
    if (!input.body.trim() && input.files.length === 0) {
      throw new AppError("ERR_VALIDATION", "Empty message", { body: "Required" });
    }
    if (input.queue !== undefined) await this.assertQueue(companyId, input.queue);

    const { ticket, contact, contactCreated, messages } = await this.store(caller, number, input);
    if (contactCreated) {
      this.publisher.contactChanged(companyId, "create", await presentContact(this.db, contact));
    }
    for (const message of messages) await this.outbound.afterInsert(ticket.id, message);
    const [current] = await this.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    return {
      ticketId: ticket.id,
      ticketUuid: ticket.uuid,
      ticketStatus: current?.status ?? ticket.status,
      contactId: contact.id,
      messageIds: messages.map((m) => m.id),
    };
  }

  private async store(caller: ApiCaller, number: string, input: ApiSendRequest) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.db.transaction((tx) => this.storeIn(tx, caller, number, input));
      } catch (err) {
        // An inbound message created the contact or ticket meanwhile: read them again.
        if (attempt < 3 && isUniqueViolation(err)) continue;
        throw err;
      }
    }
  }

  private async storeIn(tx: Tx, caller: ApiCaller, number: string, input: ApiSendRequest) {
    const { connection, companyId } = caller;
    // The same lock as the inbound pipeline: one writer per contact and connection.
    await tx.execute(sql`select pg_advisory_xact_lock(${connection.id}, hashtext(${number}))`);
    const { contact, created: contactCreated } = await this.upsertContact(tx, caller, number);
    const ticket = input.ticket
      ? await this.openTicketFor(tx, connection, contact, input.queue)
      : await this.quietTicketFor(tx, connection, contact);

    const items: { body: string; mediaType?: string; fileId?: number }[] = [];
    for (const [index, upload] of input.files.entries()) {
      const file = await this.files.save(companyId, upload, undefined, tx);
      // The text travels with the first file as its caption.
      items.push({
        body: index === 0 ? input.body : "",
        mediaType: mediaTypeOf(upload.mimetype),
        fileId: file.id,
      });
    }
    if (items.length === 0) items.push({ body: input.body });
    const messages: MessageRow[] = [];
    for (const item of items) messages.push(await this.outbound.insert(tx, ticket, item));
    return { ticket, contact, contactCreated, messages };
  }

  private async upsertContact(tx: Tx, caller: ApiCaller, number: string) {
    const [found] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.number, number)));
    if (found) return { contact: found, created: false };
    const [created] = await tx
      .insert(contacts)
      .values({
        companyId: caller.companyId,
        number,
        name: number,
        channelType: caller.connection.channelType,
      })
      .returning();
    return { contact: created!, created: true };
  }

  /**
   * ticket=1: the conversation shows up for agents. The contact's open or pending ticket on
   * this connection takes the message (a waiting one moves to the given queue); otherwise a
   * pending ticket is created in the given queue, or the connection's only queue.
   */
  private async openTicketFor(
    tx: Tx,
    connection: ConnectionRow,
    contact: ContactRow,
    queueId: number | undefined,
  ): Promise<TicketRow> {
    const [active] = await tx
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.contactId, contact.id),
          eq(tickets.connectionId, connection.id),
          inArray(tickets.status, ["open", "pending"]),
        ),
      );
    if (active) {
      if (queueId === undefined || active.userId || active.queueId === queueId) return active;
      const [moved] = await tx
        .update(tickets)
        .set({ queueId, chatbot: false, updatedAt: new Date() })
        .where(eq(tickets.id, active.id))
        .returning();
      return moved!;
    }
    let queue = queueId ?? null;
    if (queue === null) {
      const linked = await tx
        .select({ queueId: connectionQueues.queueId })
        .from(connectionQueues)
        .where(eq(connectionQueues.connectionId, connection.id));
      if (linked.length === 1) queue = linked[0]!.queueId;
    }
    const ticket = await this.insertTicket(tx, connection, contact, "pending", queue);
    await tx.insert(ticketTracking).values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      connectionId: connection.id,
      queuedAt: new Date(),
    });
    return ticket;
  }

  /**
   * ticket=0: just sent. The message joins the contact's active ticket if there is one (the
   * agents talking to them see it), else their latest closed ticket, else a new closed one, so
   * the history stays complete without putting anything in the agents' lists.
   */
  private async quietTicketFor(
    tx: Tx,
    connection: ConnectionRow,
    contact: ContactRow,
  ): Promise<TicketRow> {
    const ofContact = and(
      eq(tickets.contactId, contact.id),
      eq(tickets.connectionId, connection.id),
    );
    const [active] = await tx
      .select()
      .from(tickets)
      .where(and(ofContact, inArray(tickets.status, ["open", "pending"])));
    if (active) return active;
    const [closed] = await tx
      .select()
      .from(tickets)
      .where(and(ofContact, eq(tickets.status, "closed")))
      .orderBy(desc(tickets.updatedAt))
      .limit(1);
    if (closed) return closed;
    const ticket = await this.insertTicket(tx, connection, contact, "closed", null);
    const now = new Date();
    await tx.insert(ticketTracking).values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      connectionId: connection.id,
      queuedAt: now,
      finishedAt: now,
    });
    return ticket;
  }

  private async insertTicket(
    tx: Tx,
    connection: ConnectionRow,
    contact: ContactRow,
    status: "pending" | "closed",
    queueId: number | null,
  ): Promise<TicketRow> {
    const [ticket] = await tx
      .insert(tickets)
      .values({
        companyId: connection.companyId,
        protocol: await nextProtocol(tx, connection.companyId),
        status,
        contactId: contact.id,
        connectionId: connection.id,
        queueId,
        channelType: connection.channelType,
        isGroup: contact.isGroup,
      })
      .returning();
    return ticket!;
  }

  private async assertQueue(companyId: number, queueId: number) {
    const [queue] = await this.db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
    if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND", undefined, { queue: "Not found" });
  }

  private async company(companyId: number) {
    const [row] = await this.db
      .select({ apiEnabled: companies.apiEnabled, apiKeyHash: companies.apiKeyHash })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!row) throw new AppError("ERR_NO_COMPANY_FOUND");
    return row;
  }

  private requireAdmin(actor: Actor) {
    if (!isAdmin(actor)) throw forbidden();
  }
}
