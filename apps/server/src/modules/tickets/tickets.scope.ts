import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { can, isAdmin, type TicketListQuery } from "@atrium/shared";
import { messages, tickets, ticketTags, contacts } from "../../db/schema/index.js";
import { containsFolded, containsInsensitive } from "../../lib/sql.js";
import type { Actor } from "../auth/actor.js";

/**
 * The tickets an actor may see, as SQL (the same rule as canViewTicket): admins every ticket
 * of the company; users their queues, their own, and unassigned tickets without a queue.
 */
export function visibleTickets(actor: Actor): SQL {
  const company = eq(tickets.companyId, actor.companyId);
  if (isAdmin(actor)) return company;
  const clauses = [
    eq(tickets.userId, actor.id),
    and(isNull(tickets.queueId), isNull(tickets.userId)),
  ];
  if (actor.queueIds.length) clauses.push(inArray(tickets.queueId, actor.queueIds));
  return and(company, or(...clauses))!;
}

/**
 * The WHERE clause of the ticket list for one tab/filter combination, without the text search
 * (see searchCandidates and matchesTerm: the service picks one by the term's frequency).
 */
export function ticketListWhere(actor: Actor, q: TicketListQuery): SQL {
  const showAll = q.showAll && can(actor, "tickets-manager:showall");
  const where: (SQL | undefined)[] = [visibleTickets(actor)];

  if (q.status) where.push(eq(tickets.status, q.status));
  // "Assigned": without show-all, only the caller's own open tickets.
  if (q.status === "open" && !showAll) where.push(eq(tickets.userId, actor.id));

  const queueIds = q.queueIds ?? [];
  if (queueIds.length) {
    const real = queueIds.filter((id) => id > 0);
    const withoutQueue = queueIds.some((id) => id === 0);
    where.push(
      or(
        real.length ? inArray(tickets.queueId, real) : undefined,
        withoutQueue ? isNull(tickets.queueId) : undefined,
        // The caller's own tickets stay visible whatever queue filter is chosen.
        eq(tickets.userId, actor.id),
      ),
    );
  }
  if (q.users.length && can(actor, "tickets-manager:showall"))
    where.push(inArray(tickets.userId, q.users));
  if (q.tags.length) {
    where.push(
      inArray(
        tickets.id,
        sql`(select ${ticketTags.ticketId} from ${ticketTags} where ${inArray(ticketTags.tagId, q.tags)})`,
      ),
    );
  }
  if (q.withUnreadMessages) where.push(sql`${tickets.unreadMessages} > 0`);
  if (q.date) where.push(sql`${tickets.createdAt}::date = ${q.date}::date`);
  if (q.updatedAt) where.push(sql`${tickets.updatedAt}::date = ${q.updatedAt}::date`);
  return and(...where)!;
}

/**
 * The contact side of a search: the term in the name, or its digits (3 or more) in the number.
 * `contains` is containsInsensitive where the trigram indexes answer, containsFolded on a walk.
 */
function contactMatches(term: string, contains = containsInsensitive): SQL {
  const digits = term.replace(/\D/g, "");
  return or(
    contains(contacts.name, term),
    digits.length >= 3 ? contains(contacts.number, digits) : undefined,
  )!;
}

/**
 * Tickets whose contact name or number, or any message, contains the term, as a set of ids.
 * Each branch is driven by a trigram index, so the cost follows the number of matches: the
 * shape for rare terms.
 */
export function searchCandidates(companyId: number, term: string, indexed: string): SQL {
  return inArray(tickets.id, candidateIds(companyId, term, indexed));
}

/**
 * The ids of searchCandidates (a ticket may come more than once): messages, then contacts.
 * `indexed`, a part of the term (lib/trigrams.ts indexedPart), is what the messages' trigram
 * index is asked for; each message it finds is then checked for the whole term.
 */
export function candidateIds(companyId: number, term: string, indexed = term): SQL {
  const body =
    indexed === term
      ? containsInsensitive(messages.body, term)
      : sql`${containsInsensitive(messages.body, indexed)} and ${containsFolded(messages.body, term)}`;
  return sql`(
    select ${messages.ticketId} from ${messages}
      where ${eq(messages.companyId, companyId)} and ${body}
    union all
    select ${tickets.id} from ${tickets}
      where ${eq(tickets.companyId, companyId)} and ${tickets.contactId} in (
        select ${contacts.id} from ${contacts} where ${eq(contacts.companyId, companyId)} and ${contactMatches(term)}
      )
  )`;
}

/**
 * The same test as searchCandidates, asked of one ticket (its contact by primary key, its
 * messages through (ticket_id, created_at)): the shape for common terms, where walking the
 * tickets newest first stops after a page while the trigram index would return most of the
 * history. `ticket` is the walked ticket row (a subquery alias exposing id and contact_id).
 */
export function matchesTerm(
  companyId: number,
  term: string,
  ticket: { id: SQL; contactId: SQL },
): SQL {
  // "offset 0" keeps each EXISTS a per-ticket probe: without it the planner may answer it by
  // hashing every match of the term, which is the cost the walk is there to avoid.
  return sql`(exists (select 1 from ${contacts}
      where ${contacts.id} = ${ticket.contactId} and ${contactMatches(term, containsFolded)} offset 0)
    or exists (select 1 from ${messages}
      where ${messages.ticketId} = ${ticket.id} and ${eq(messages.companyId, companyId)}
        and ${containsFolded(messages.body, term)} offset 0))`;
}
