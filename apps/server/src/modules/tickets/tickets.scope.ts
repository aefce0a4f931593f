import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { can, isAdmin, type TicketListQuery } from "@atrium/shared";
import { messages, tickets, ticketTags, contacts } from "../../db/schema/index.js";
import { containsInsensitive } from "../../lib/sql.js";
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

/** The WHERE clause of the ticket list for one tab/filter combination. */
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

  const term = q.searchParam.trim();
  if (term) where.push(inArray(tickets.id, searchCandidates(actor.companyId, term)));
  return and(...where)!;
}

/**
 * Tickets whose contact name or number, or any message, contains the term. Each branch is
 * driven by a trigram index, so the cost follows the number of matches, not the history.
 */
function searchCandidates(companyId: number, term: string): SQL {
  const digits = term.replace(/\D/g, "");
  const byContact = or(
    containsInsensitive(contacts.name, term),
    digits.length >= 3 ? containsInsensitive(contacts.number, digits) : undefined,
  );
  return sql`(
    select ${messages.ticketId} from ${messages}
      where ${eq(messages.companyId, companyId)} and ${containsInsensitive(messages.body, term)}
    union
    select ${tickets.id} from ${tickets}
      where ${eq(tickets.companyId, companyId)} and ${tickets.contactId} in (
        select ${contacts.id} from ${contacts} where ${eq(contacts.companyId, companyId)} and ${byContact}
      )
  )`;
}
