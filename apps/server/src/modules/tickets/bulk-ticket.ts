import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { ConnectionRow, ContactRow, TicketRow } from "../../channels/channel.js";
import type { Tx } from "../../db/client.js";
import { tickets, ticketTracking } from "../../db/schema/index.js";
import { nextProtocol } from "./tickets.service.js";

/**
 * Where a message sent on the company's initiative (a schedule, a campaign) goes, shared by
 * ScheduleSender and CampaignSender.
 */

/** Serialises with the inbound pipeline for this contact (the same advisory lock). */
export async function lockContact(tx: Tx, connectionId: number, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${connectionId}, hashtext(${key}))`);
}

export async function insertTicket(
  tx: Tx,
  opts: {
    companyId: number;
    connection: ConnectionRow;
    contact: ContactRow;
    queueId: number | null;
    userId: number | null;
    status: "open" | "pending" | "closed";
  },
): Promise<TicketRow> {
  const [ticket] = await tx
    .insert(tickets)
    .values({
      companyId: opts.companyId,
      protocol: await nextProtocol(tx, opts.companyId),
      status: opts.status,
      contactId: opts.contact.id,
      connectionId: opts.connection.id,
      queueId: opts.queueId,
      userId: opts.status === "pending" ? null : opts.userId,
      channelType: opts.connection.channelType,
      isGroup: opts.contact.isGroup,
    })
    .returning();
  return ticket!;
}

/**
 * Without opening a conversation: the message joins the contact's open/pending ticket on the
 * connection as it is; otherwise it is recorded in the latest closed one (or a new closed one),
 * so nobody's list fills up — a reply opens a pending ticket as usual. The caller holds the
 * contact's lock (lockContact).
 */
export async function quietTicketFor(
  tx: Tx,
  opts: {
    companyId: number;
    connection: ConnectionRow;
    contact: ContactRow;
    queueId: number | null;
    userId: number | null;
  },
): Promise<TicketRow> {
  const ofContact = and(
    eq(tickets.contactId, opts.contact.id),
    eq(tickets.connectionId, opts.connection.id),
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
  const now = new Date();
  const ticket = await insertTicket(tx, { ...opts, status: "closed" });
  await tx.insert(ticketTracking).values({
    companyId: ticket.companyId,
    ticketId: ticket.id,
    connectionId: opts.connection.id,
    userId: opts.userId,
    queuedAt: now,
    startedAt: now,
    finishedAt: now,
    finishedById: opts.userId,
  });
  return ticket;
}
