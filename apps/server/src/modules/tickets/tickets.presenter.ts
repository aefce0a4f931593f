import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { shapedQuery } from "../../lib/shaped.js";
import { parsed, prerendered, type JsonRef } from "../../lib/sql.js";
import {
  campaigns,
  connections,
  contacts,
  queues,
  tags,
  tickets,
  ticketTags,
  ticketTracking,
  users,
} from "../../db/schema/index.js";

export interface TicketDTO {
  id: number;
  uuid: string;
  protocol: number;
  status: string;
  companyId: number;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  contactId: number;
  contact: {
    id: number;
    name: string;
    number: string;
    email: string;
    profilePicUrl: string;
    isGroup: boolean;
  };
  whatsappId: number;
  whatsapp: { id: number; name: string; channelType: string; status: string };
  channelType: string;
  lastMessage: string;
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  /** Resolved by an agent; the bot waits for the contact's rating before closing. */
  awaitingRating: boolean;
  tags: { id: number; name: string; color: string }[];
  /** The single ticket only (TicketsService.get, campaignOf): the campaign it answers. */
  campaign?: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What a ticket's JSON shows besides the ticket row (see ticketRows). The contact, queue and
 * user are scalar subqueries by primary key, not joins: the same index probes, but the planner
 * has two tables to order instead of five (half the planning time of a list page). The
 * connection stays a join: with a single table drizzle would leave every column unqualified,
 * and the subqueries' references to the ticket would bind to their own tables.
 */
const ticketFields = {
  t: tickets,
  c: prerendered(sql<JsonRef<TicketDTO["contact"]>>`(select json_build_object('id', ${contacts.id},
      'name', ${contacts.name}, 'number', ${contacts.number}, 'email', ${contacts.email},
      'profilePicUrl', ${contacts.profilePicUrl}, 'isGroup', ${contacts.isGroup})
    from ${contacts} where ${contacts.id} = ${tickets.contactId})`),
  q: prerendered(sql<
    JsonRef<NonNullable<TicketDTO["queue"]>>
  >`(select json_build_object('id', ${queues.id},
      'name', ${queues.name}, 'color', ${queues.color})
    from ${queues} where ${queues.id} = ${tickets.queueId})`),
  u: prerendered(sql<
    JsonRef<NonNullable<TicketDTO["user"]>>
  >`(select json_build_object('id', ${users.id},
      'name', ${users.name})
    from ${users} where ${users.id} = ${tickets.userId})`),
  w: {
    id: connections.id,
    name: connections.name,
    channelType: connections.channelType,
    status: connections.status,
  },
  // Resolved by an agent, the contact's rating not in yet: one index probe per ticket.
  // "offset 0" keeps it a probe: under a page's LIMIT the planner may otherwise hash the
  // whole tracking table to answer 41 tickets.
  awaitingRating: prerendered(sql<boolean>`exists (select 1 from ${ticketTracking}
    where ${ticketTracking.ticketId} = ${tickets.id}
      and ${ticketTracking.ratingRequestedAt} is not null
      and ${ticketTracking.rating} is null and ${ticketTracking.finishedAt} is null offset 0)`),
  tags: prerendered(sql<JsonRef<TicketDTO["tags"]>>`coalesce((select json_agg(json_build_object(
      'id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.name}, ${tags.id})
    from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
    where ${ticketTags.ticketId} = ${tickets.id}), '[]')`),
};

/**
 * The ticket rows with everything the JSON shows, in one query: contact, queue, user,
 * connection, tags (a correlated json_agg, one index probe per ticket) and whether a rating is
 * awaited. A list page selects through it directly; events and single tickets by id.
 */
export function ticketRows<Extra extends Record<string, SQL>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({ ...ticketFields, ...(extra as Extra) })
    .from(tickets)
    .innerJoin(connections, eq(connections.id, tickets.connectionId));
}

/** ticketRows with the contact's whole row too (the inbound pipeline's batch needs it). */
export function ticketRowsWithContact(db: DbOrTx) {
  return db
    .select({ ...ticketFields, contact: contacts })
    .from(tickets)
    .innerJoin(connections, eq(connections.id, tickets.connectionId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId));
}

export type TicketRowWithRefs = Awaited<ReturnType<typeof ticketRows<Record<never, SQL>>>>[number];

/**
 * ticketRows where `where` holds: tickets by id, or one ticket and its company. Built once per
 * shape of the condition and planned once (lib/shaped.ts, byKey).
 */
const ticketRowsWhereShaped = shapedQuery((db, where) => ticketRows(db).where(where).prepare(""), {
  byKey: true,
});
export const ticketRowsWhere = (db: DbOrTx, where: SQL): Promise<TicketRowWithRefs[]> =>
  ticketRowsWhereShaped(db, where, {});

/** Tickets as JSON with contact, queue, user, connection and tags, in the order of `ids`. */
export async function presentTicketsById(db: DbOrTx, ids: number[]): Promise<TicketDTO[]> {
  if (ids.length === 0) return [];
  const rows = await ticketRowsWhere(db, inArray(tickets.id, ids));
  const byId = new Map(rows.map((r) => [r.t.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [presentTicketRow(r)] : [];
  });
}

/** Rows of ticketRows as JSON, in their order. */
export function presentTicketRows(rows: TicketRowWithRefs[]): TicketDTO[] {
  return rows.map(presentTicketRow);
}

/** One row of ticketRows as JSON. */
export function presentTicketRow(r: TicketRowWithRefs): TicketDTO {
  const { t } = r;
  return {
    id: t.id,
    uuid: t.uuid,
    protocol: t.protocol,
    status: t.status,
    companyId: t.companyId,
    queueId: t.queueId,
    queue: parsed(r.q),
    userId: t.userId,
    user: parsed(r.u),
    contactId: t.contactId,
    contact: parsed(r.c)!,
    whatsappId: t.connectionId,
    whatsapp: r.w,
    channelType: t.channelType,
    lastMessage: t.lastMessage,
    unreadMessages: t.unreadMessages,
    isGroup: t.isGroup,
    chatbot: t.chatbot,
    awaitingRating: t.status === "open" && r.awaitingRating,
    tags: parsed(r.tags) ?? [],
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export async function presentTicket(db: DbOrTx, id: number): Promise<TicketDTO> {
  const [dto] = await presentTicketsById(db, [id]);
  if (!dto) throw new Error(`ticket ${id} vanished`);
  return dto;
}

/** The campaign a ticket's conversation answers (tickets.campaignId), for its single answer. */
export async function campaignOf(
  db: DbOrTx,
  ticketId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(tickets)
    .innerJoin(campaigns, eq(campaigns.id, tickets.campaignId))
    .where(eq(tickets.id, ticketId));
  return row ?? null;
}
