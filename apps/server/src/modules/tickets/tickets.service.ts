import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import {
  can,
  isAdmin,
  PAGE_SIZE,
  type TicketAction,
  type TicketListQuery,
  type ticketCreateSchema,
  type ticketUpdateSchema,
} from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import {
  companies,
  connections,
  contacts,
  queues,
  tickets,
  ticketTracking,
  users,
} from "../../db/schema/index.js";
import type { ChannelRegistry, TicketRow } from "../../channels/channel.js";
import { sendConnectionText } from "../../channels/bot/lifecycle.js";
import type { RatingFlow } from "../../channels/bot/rating.js";
import type { Outbound } from "../../channels/outbound.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import { listJson, type JsonText } from "../../lib/json-text.js";
import { assertReachable } from "../contacts/contact-reach.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { authorize } from "../users/users.policy.js";
import { canViewTicket } from "./tickets.policy.js";
import {
  campaignOf,
  presentTicket,
  ticketDTO,
  ticketJsonTextsById,
  ticketRowsWhere,
  type TicketDTO,
  type TicketListDTO,
} from "./tickets.presenter.js";
import { ticketListWhere } from "./tickets.scope.js";
import { pageAndCount, searchPage } from "./tickets.list.js";

type CreateInput = z.output<typeof ticketCreateSchema>;
type UpdateInput = z.output<typeof ticketUpdateSchema>;

type TicketRef = { id: number } | { uuid: string };

/** The company's ticket by id or uuid; a malformed uuid names none (ERR_NO_TICKET_FOUND). */
function ticketOf(companyId: number, where: TicketRef): SQL {
  if ("uuid" in where && !/^[0-9a-f-]{36}$/i.test(where.uuid))
    throw new AppError("ERR_NO_TICKET_FOUND");
  const match = "id" in where ? eq(tickets.id, where.id) : eq(tickets.uuid, where.uuid);
  return and(match, eq(tickets.companyId, companyId))!;
}

/** The ticket if the actor may open it (visible to them, or closed), else ERR_NO_PERMISSION. */
function assertOpenable(actor: Actor, row: TicketRow): TicketRow {
  if (!canViewTicket(actor, row) && row.status !== "closed")
    throw new AppError("ERR_NO_PERMISSION");
  return row;
}

export class TicketsService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly outbound: Outbound,
    /** Satisfaction rating on resolve (setting userRating); absent: resolve always closes. */
    private readonly rating?: Pick<RatingFlow, "wanted" | "ask">,
  ) {}

  /**
   * A page of the actor's tickets as JSON text ({tickets, count, hasMore}): the tickets' JSON
   * comes from PostgreSQL as it is (ticketJsonText) and is not parsed on the way.
   */
  async list(actor: Actor, q: TicketListQuery): Promise<JsonText<TicketListDTO>> {
    const where = ticketListWhere(actor, q);
    const size = PAGE_SIZE.tickets;
    const offset = (q.pageNumber - 1) * size;
    const term = q.searchParam.trim();
    // A text search has no count (the Search tab shows none); the tab badges get one, exact
    // up to LIST_COUNT_LIMIT ('99+' beyond).
    if (term) {
      const ids = await searchPage(this.db, actor.companyId, where, term, { offset, size });
      return listJson("tickets", await ticketJsonTextsById(this.db, ids.slice(0, size)), {
        count: null,
        hasMore: ids.length > size,
      });
    }
    const page = await pageAndCount(this.db, where, { offset, size });
    return listJson("tickets", page.tickets.slice(0, size), {
      count: page.count,
      hasMore: page.tickets.length > size,
    });
  }

  /** A ticket of the actor's company; unknown or another company's → ERR_NO_TICKET_FOUND. */
  async findRow(companyId: number, where: TicketRef, tx: DbOrTx = this.db) {
    const [row] = await tx.select().from(tickets).where(ticketOf(companyId, where));
    if (!row) throw new AppError("ERR_NO_TICKET_FOUND");
    return row;
  }

  /**
   * A ticket the actor may open: visible to them, or closed (any agent may read a closed
   * conversation); otherwise ERR_NO_PERMISSION ('Acesso não permitido' in the client).
   */
  async openable(actor: Actor, where: TicketRef): Promise<TicketRow> {
    return assertOpenable(actor, await this.findRow(actor.companyId, where));
  }

  /** openable(), with the ticket's JSON read in the same statement. */
  async openablePresented(
    actor: Actor,
    where: TicketRef,
  ): Promise<{ row: TicketRow; dto: TicketDTO }> {
    const [found] = await ticketRowsWhere(this.db, ticketOf(actor.companyId, where));
    if (!found) throw new AppError("ERR_NO_TICKET_FOUND");
    return { row: assertOpenable(actor, found.t), dto: ticketDTO(found.j) };
  }

  async get(actor: Actor, where: TicketRef): Promise<TicketDTO> {
    const { row, dto } = await this.openablePresented(actor, where);
    return { ...dto, campaign: row.campaignId ? await campaignOf(this.db, row.id) : null };
  }

  async create(actor: Actor, input: CreateInput): Promise<TicketDTO> {
    const companyId = actor.companyId;
    const [contact] = await this.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, input.contactId), eq(contacts.companyId, companyId)));
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    const connection = await this.pickConnection(companyId, input.whatsappId);
    await assertReachable(this.db, connection, contact);
    if (input.queueId) {
      await this.assertQueue(companyId, input.queueId);
      if (!isAdmin(actor) && !actor.queueIds.includes(input.queueId))
        throw new AppError("ERR_NO_PERMISSION");
    } else if (!isAdmin(actor)) {
      throw new AppError("ERR_VALIDATION", "Selecione uma fila", { queueId: "Selecione uma fila" });
    }
    const userId =
      input.userId && isAdmin(actor) ? await this.assertUser(companyId, input.userId) : actor.id;

    await this.assertNoActiveTicket(companyId, contact.id, connection.id);
    try {
      const row = await this.db.transaction(async (tx) => {
        const [ticket] = await tx
          .insert(tickets)
          .values({
            companyId,
            protocol: await nextProtocol(tx, companyId),
            status: "open",
            contactId: contact.id,
            connectionId: connection.id,
            queueId: input.queueId ?? null,
            userId,
            channelType: connection.channelType,
            isGroup: contact.isGroup,
          })
          .returning();
        const now = new Date();
        await tx.insert(ticketTracking).values({
          companyId,
          ticketId: ticket!.id,
          connectionId: connection.id,
          userId,
          queuedAt: now,
          startedAt: now,
        });
        return ticket!;
      });
      const dto = await presentTicket(this.db, row.id);
      this.publisher.ticketChanged(null, dto);
      return dto;
    } catch (err) {
      if (isUniqueViolation(err, "tickets_one_active_per_contact")) {
        await this.assertNoActiveTicket(companyId, contact.id, connection.id);
      }
      throw err;
    }
  }

  async update(actor: Actor, id: number, input: UpdateInput): Promise<TicketDTO> {
    const before = await this.openable(actor, { id });
    const action: TicketAction = input.action;
    const mayHandle = isAdmin(actor) || before.userId === actor.id || before.userId === null;
    if (action !== "accept" && action !== "reopen") authorize(mayHandle);

    const now = new Date();
    let followUp: (() => Promise<void>) | undefined;
    const after = await this.db.transaction(async (tx) => {
      switch (action) {
        case "accept": {
          const [row] = await tx
            .update(tickets)
            .set({
              status: "open",
              userId: actor.id,
              unreadMessages: 0,
              chatbot: false,
              updatedAt: now,
            })
            .where(and(eq(tickets.id, id), eq(tickets.status, "pending")))
            .returning();
          if (!row) throw await this.conflict(tx, before);
          await this.track(tx, row, { userId: actor.id, startedAt: now, ratingRequestedAt: null });
          return row;
        }
        case "move_to_pending": {
          this.expectStatus(before, ["open"]);
          const row = await this.set(tx, id, { status: "pending", userId: null, updatedAt: now });
          await this.track(tx, row, { ratingRequestedAt: null, finishedById: null });
          return row;
        }
        case "finished": {
          this.expectStatus(before, ["open", "pending"]);
          const [user] = await tx.select().from(users).where(eq(users.id, actor.id));
          const silent = input.withMessage === false && user?.allowFinishTicketWithoutMessage;
          if (!silent && (await this.rating?.wanted(tx, before))) {
            // The contact rates first; the ticket stays open until the answer (RatingFlow).
            const userId = before.userId ?? actor.id;
            const row = await this.set(tx, id, {
              status: "open",
              userId,
              unreadMessages: 0,
              chatbot: false,
              updatedAt: now,
            });
            await this.track(tx, row, { ratingRequestedAt: now, finishedById: actor.id, userId });
            followUp = () => this.rating!.ask(row);
            return row;
          }
          const row = await this.set(tx, id, {
            status: "closed",
            unreadMessages: 0,
            chatbot: false,
            updatedAt: now,
          });
          await this.track(tx, row, {
            finishedAt: now,
            finishedById: actor.id,
            userId: before.userId ?? actor.id,
          });
          if (!silent) followUp = () => this.sendConnectionText(row, "complationMessage");
          return row;
        }
        case "reopen": {
          this.expectStatus(before, ["closed"]);
          const row = await this.set(tx, id, {
            status: "open",
            userId: actor.id,
            updatedAt: now,
          }).catch(async (err) => {
            if (isUniqueViolation(err)) throw await this.conflict(tx, before);
            throw err;
          });
          await tx.insert(ticketTracking).values({
            companyId: row.companyId,
            ticketId: row.id,
            connectionId: row.connectionId,
            userId: actor.id,
            queuedAt: now,
            startedAt: now,
          });
          return row;
        }
        default: {
          // transfer_to_user_and_queue, move_to_queue, transfer_to_user
          const userId = input.userId ?? null;
          const queueId = input.queueId ?? null;
          if (!userId && !queueId) {
            throw new AppError("ERR_VALIDATION", "Transfer needs a user or a queue", {
              userId: "Required",
            });
          }
          if (queueId) await this.assertQueue(before.companyId, queueId, tx);
          if (userId) await this.assertUser(before.companyId, userId, tx);
          const row = await this.set(tx, id, {
            status: "pending",
            userId,
            ...(queueId && { queueId }),
            updatedAt: now,
          });
          await this.track(tx, row, {
            userId,
            queuedAt: now,
            startedAt: null,
            ratingRequestedAt: null,
            finishedById: null,
          });
          followUp = () => this.sendConnectionText(row, "transferMessage");
          return row;
        }
      }
    });
    const dto = await presentTicket(this.db, after.id);
    this.publisher.ticketChanged(before, dto);
    await followUp?.();
    return dto;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    authorize(can(actor, "ticket-options:deleteTicket"));
    const row = await this.findRow(actor.companyId, { id });
    await this.db.delete(tickets).where(eq(tickets.id, row.id));
    this.publisher.ticketDeleted(row);
  }

  /** Marks the ticket's messages read and resets its unread counter (live updateUnread). */
  async markRead(ticket: TicketRow): Promise<void> {
    if (ticket.unreadMessages === 0) return;
    await this.db.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id));
    this.publisher.ticketUnreadReset(ticket);
  }

  /** Relays an agent's typing indicator to the contact, on channels that have one. */
  async typing(
    actor: Actor,
    ticketId: number,
    on: boolean,
    registry: ChannelRegistry,
  ): Promise<void> {
    const ticket = await this.findRow(actor.companyId, { id: ticketId });
    if (!canViewTicket(actor, ticket) || ticket.status !== "open") return;
    const [row] = await this.db
      .select({ connection: connections, contact: contacts })
      .from(connections)
      .innerJoin(contacts, eq(contacts.id, ticket.contactId))
      .where(eq(connections.id, ticket.connectionId));
    if (row)
      await registry.get(row.connection.channelType)?.typing?.(row.connection, row.contact, on);
  }

  /** Sends a connection (or queue) text such as the completion message, with its variables. */
  private sendConnectionText(ticket: TicketRow, field: "complationMessage" | "transferMessage") {
    return sendConnectionText(this.db, this.outbound, ticket, field);
  }

  private async set(tx: DbOrTx, id: number, changes: Partial<typeof tickets.$inferInsert>) {
    const [row] = await tx.update(tickets).set(changes).where(eq(tickets.id, id)).returning();
    return row!;
  }

  /** Updates the ticket's current tracking cycle (the dashboard reads it). */
  private async track(
    tx: DbOrTx,
    ticket: TicketRow,
    changes: Partial<typeof ticketTracking.$inferInsert>,
  ) {
    const [current] = await tx
      .select({ id: ticketTracking.id })
      .from(ticketTracking)
      .where(and(eq(ticketTracking.ticketId, ticket.id), isNull(ticketTracking.finishedAt)))
      .orderBy(desc(ticketTracking.id))
      .limit(1);
    if (current) {
      await tx.update(ticketTracking).set(changes).where(eq(ticketTracking.id, current.id));
    } else {
      await tx.insert(ticketTracking).values({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        connectionId: ticket.connectionId,
        queuedAt: ticket.createdAt,
        ...changes,
      });
    }
  }

  private expectStatus(ticket: TicketRow, allowed: string[]) {
    if (!allowed.includes(ticket.status)) {
      throw new AppError("ERR_VALIDATION", `Ticket is ${ticket.status}`, { status: ticket.status });
    }
  }

  /** ERR_OTHER_OPEN_TICKET naming who holds the contact's active ticket. */
  private async conflict(tx: DbOrTx, ticket: TicketRow): Promise<AppError> {
    const [holder] = await tx
      .select({ id: tickets.id, userName: users.name, status: tickets.status })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.userId))
      .where(
        and(
          eq(tickets.contactId, ticket.contactId),
          eq(tickets.connectionId, ticket.connectionId),
          inArray(tickets.status, ["open", "pending"]),
        ),
      );
    return otherOpenTicket(holder);
  }

  private async assertNoActiveTicket(companyId: number, contactId: number, connectionId: number) {
    const [holder] = await this.db
      .select({ id: tickets.id, userName: users.name, status: tickets.status })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.userId))
      .where(
        and(
          eq(tickets.companyId, companyId),
          eq(tickets.contactId, contactId),
          eq(tickets.connectionId, connectionId),
          inArray(tickets.status, ["open", "pending"]),
        ),
      );
    if (holder) throw otherOpenTicket(holder);
  }

  private async pickConnection(companyId: number, whatsappId?: number | null) {
    const [row] = await this.db
      .select()
      .from(connections)
      .where(
        and(
          eq(connections.companyId, companyId),
          whatsappId ? eq(connections.id, whatsappId) : eq(connections.isDefault, true),
        ),
      )
      .limit(1);
    if (!row) throw new AppError(whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
    return row;
  }

  private async assertQueue(companyId: number, queueId: number, tx: DbOrTx = this.db) {
    const [q] = await tx
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
    if (!q) throw new AppError("ERR_NO_QUEUE_FOUND");
  }

  private async assertUser(companyId: number, userId: number, tx: DbOrTx = this.db) {
    const [u] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
    if (!u) throw new AppError("ERR_NO_USER_FOUND");
    return u.id;
  }
}

function otherOpenTicket(holder?: {
  id: number;
  userName: string | null;
  status: string;
}): AppError {
  const who = holder?.userName ? `with ${holder.userName}` : "waiting in the pending list";
  return new AppError(
    "ERR_OTHER_OPEN_TICKET",
    `There is already an open ticket for this contact (${who})`,
    holder ? { ticketId: String(holder.id), user: holder.userName ?? "" } : undefined,
  );
}

/** Next per-company protocol number, taken inside the caller's transaction. */
export async function nextProtocol(tx: DbOrTx, companyId: number): Promise<number> {
  const [row] = await tx
    .update(companies)
    .set({ lastProtocol: sql`${companies.lastProtocol} + 1` })
    .where(eq(companies.id, companyId))
    .returning({ protocol: companies.lastProtocol });
  return row!.protocol;
}
