import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { TicketRow } from "../../channels/channel.js";
import type { DbOrTx } from "../../db/client.js";
import { shapedQuery } from "../../lib/shaped.js";
import { jsonObject, parsed, prerendered, type JsonRef } from "../../lib/sql.js";
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

/** A page of tickets: the Search tab has no count. */
export interface TicketListDTO {
  tickets: TicketDTO[];
  count: number | null;
  hasMore: boolean;
}

/** A timestamp as JSON.stringify writes a Date: UTC, milliseconds, "Z". */
const isoTime = (column: PgColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A ticket's JSON (TicketDTO, without the campaign), built by PostgreSQL from the row of
 * `tickets` in scope: the one presenter of a ticket. Contact, queue, user, connection and tags
 * are scalar subqueries by primary key (one index probe each, and nothing for the planner to
 * order). A list page hands these texts to the client as they are: the server neither parses
 * the rows nor writes the JSON again. awaitingRating (resolved by an agent, the contact's
 * rating not in yet) is one probe, for open tickets only; its "offset 0" keeps it a probe: under
 * a page's LIMIT the planner may otherwise hash the whole tracking table to answer 41 tickets.
 */
export const ticketJson = prerendered<JsonRef<TicketDTO>>(
  jsonObject({
    id: tickets.id,
    uuid: tickets.uuid,
    protocol: tickets.protocol,
    status: tickets.status,
    companyId: tickets.companyId,
    queueId: tickets.queueId,
    queue: jsonObject(
      { id: queues.id, name: queues.name, color: queues.color },
      sql`from ${queues} where ${queues.id} = ${tickets.queueId}`,
    ),
    userId: tickets.userId,
    user: jsonObject(
      { id: users.id, name: users.name },
      sql`from ${users} where ${users.id} = ${tickets.userId}`,
    ),
    contactId: tickets.contactId,
    contact: jsonObject(
      {
        id: contacts.id,
        name: contacts.name,
        number: contacts.number,
        email: contacts.email,
        profilePicUrl: contacts.profilePicUrl,
        isGroup: contacts.isGroup,
      },
      sql`from ${contacts} where ${contacts.id} = ${tickets.contactId}`,
    ),
    whatsappId: tickets.connectionId,
    whatsapp: jsonObject(
      {
        id: connections.id,
        name: connections.name,
        channelType: connections.channelType,
        status: connections.status,
      },
      sql`from ${connections} where ${connections.id} = ${tickets.connectionId}`,
    ),
    channelType: tickets.channelType,
    lastMessage: tickets.lastMessage,
    unreadMessages: tickets.unreadMessages,
    isGroup: tickets.isGroup,
    chatbot: tickets.chatbot,
    awaitingRating: sql`case when ${tickets.status} = 'open' then exists (select 1
      from ${ticketTracking} where ${ticketTracking.ticketId} = ${tickets.id}
        and ${ticketTracking.ratingRequestedAt} is not null
        and ${ticketTracking.rating} is null and ${ticketTracking.finishedAt} is null offset 0)
      else false end`,
    tags: sql`coalesce((select json_agg(${jsonObject({ id: tags.id, name: tags.name, color: tags.color })}
        order by ${tags.name}, ${tags.id})
      from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
      where ${ticketTags.ticketId} = ${tickets.id}), '[]'::json)`,
    createdAt: isoTime(tickets.createdAt),
    updatedAt: isoTime(tickets.updatedAt),
  }),
);

/** ticketJson as text, for a list answered as it is (listJson). */
export const ticketJsonText = prerendered(sql<string>`(${ticketJson})::text`);

/** A ticket's row and its JSON. */
export interface TicketWithJson {
  t: TicketRow;
  j: JsonRef<TicketDTO>;
}

/**
 * Tickets where `where` holds (by id, or one ticket and its company), with their JSON. Built
 * once per shape of the condition and planned once (lib/shaped.ts, byKey).
 */
const ticketRowsWhereShaped = shapedQuery(
  (db, where) => db.select({ t: tickets, j: ticketJson }).from(tickets).where(where).prepare(""),
  { byKey: true },
);
export const ticketRowsWhere = (db: DbOrTx, where: SQL): Promise<TicketWithJson[]> =>
  ticketRowsWhereShaped(db, where, {});

/** The JSON of a row of ticketRowsWhere (or of any select of ticketJson). */
export const ticketDTO = (j: JsonRef<TicketDTO>): TicketDTO => parsed(j)!;

/** Tickets as JSON with contact, queue, user, connection and tags, in the order of `ids`. */
export async function presentTicketsById(db: DbOrTx, ids: number[]): Promise<TicketDTO[]> {
  return (await ticketJsonTextsById(db, ids)).map((text) => JSON.parse(text) as TicketDTO);
}

/** The JSON texts of tickets by id, in the order of `ids` (a search page, answered as text). */
export async function ticketJsonTextsById(db: DbOrTx, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ticketJsonTextsWhere(db, inArray(tickets.id, ids), {});
  const byId = new Map(rows.map((r) => [r.id, r.j]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Tickets' ids and JSON texts. */
const jsonTexts = (db: DbOrTx) => db.select({ id: tickets.id, j: ticketJsonText }).from(tickets);

/** The statement of ticketJsonTextsById (its plan is tested). */
export const ticketJsonTextsQuery = (db: DbOrTx, ids: number[]) =>
  jsonTexts(db).where(inArray(tickets.id, ids));

/** Tickets' JSON texts where `where` holds, built once per shape and planned once (byKey). */
const ticketJsonTextsWhere = shapedQuery((db, where) => jsonTexts(db).where(where).prepare(""), {
  byKey: true,
});

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
