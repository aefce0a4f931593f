import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import {
  connections,
  contacts,
  queues,
  settings,
  tickets,
  ticketTracking,
} from "../../db/schema/index.js";
import { presentTicket } from "../../modules/tickets/tickets.presenter.js";
import type { Publisher } from "../../realtime/publish.js";
import type { TicketRow } from "../channel.js";
import type { Outbound } from "../outbound.js";
import { renderTemplate } from "../templates.js";

type TrackingChanges = Partial<typeof ticketTracking.$inferInsert>;

/** A company setting's value (settings are created with defaults for every company). */
export async function settingValue(
  db: DbOrTx,
  companyId: number,
  key: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  return row?.value;
}

/** The ticket's attendance cycle in progress (not finished), if any. */
export async function currentTracking(db: DbOrTx, ticketId: number) {
  const [row] = await db
    .select()
    .from(ticketTracking)
    .where(and(eq(ticketTracking.ticketId, ticketId), isNull(ticketTracking.finishedAt)))
    .orderBy(desc(ticketTracking.id))
    .limit(1);
  return row;
}

/**
 * Sends a connection text (falling back to the ticket queue's own text) with its variables:
 * the completion message on resolve, the transfer message on transfer.
 */
export async function sendConnectionText(
  db: Db,
  outbound: Outbound,
  ticket: TicketRow,
  field: "complationMessage" | "transferMessage",
): Promise<void> {
  const [row] = await db
    .select({ connection: connections, contact: contacts })
    .from(connections)
    .innerJoin(contacts, eq(contacts.id, ticket.contactId))
    .where(eq(connections.id, ticket.connectionId));
  let text = row?.connection[field] ?? "";
  if (!text.trim() && ticket.queueId) {
    const [queue] = await db.select().from(queues).where(eq(queues.id, ticket.queueId));
    text = queue?.[field] ?? "";
  }
  if (!text.trim() || !row) return;
  const body = renderTemplate(text, { contact: row.contact, protocol: ticket.protocol });
  await outbound.queue(ticket, { body });
}

/**
 * Closes a ticket on the bot's behalf (option 'Finalizar Atendimento', a rating answer, an
 * unanswered rating request) if it is still in `expected` status, finishes its attendance cycle
 * and publishes the change. Answers undefined when someone else changed the ticket first.
 */
export async function closeTicketByBot(
  db: Db,
  publisher: Publisher,
  ticket: TicketRow,
  expected: "pending" | "open",
  tracking: (current: Awaited<ReturnType<typeof currentTracking>>) => TrackingChanges,
  changes: Partial<typeof tickets.$inferInsert> = {},
): Promise<TicketRow | undefined> {
  const now = new Date();
  const closed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tickets)
      .set({ ...changes, status: "closed", chatbot: false, unreadMessages: 0, updatedAt: now })
      .where(and(eq(tickets.id, ticket.id), eq(tickets.status, expected)))
      .returning();
    if (!row) return undefined;
    const current = await currentTracking(tx, ticket.id);
    const finished = { finishedAt: now, ...tracking(current) };
    if (current) {
      await tx.update(ticketTracking).set(finished).where(eq(ticketTracking.id, current.id));
    } else {
      await tx.insert(ticketTracking).values({
        companyId: row.companyId,
        ticketId: row.id,
        connectionId: row.connectionId,
        queuedAt: row.createdAt,
        ...finished,
      });
    }
    return row;
  });
  if (closed) publisher.ticketChanged(ticket, await presentTicket(db, closed.id));
  return closed;
}
