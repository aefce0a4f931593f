import { desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { messages, tickets } from "../../db/schema/index.js";
import { LIST_COUNT_LIMIT } from "@atrium/shared";
import { shapedQuery } from "../../lib/shaped.js";
import { countUpTo, plannedRowsCached } from "../../lib/sql.js";
import { indexedPart, sampledTrigrams } from "../../lib/trigrams.js";
import { ticketJsonTextsById } from "./tickets.presenter.js";
import { candidateIds, matchesTerm, searchCandidates } from "./tickets.scope.js";

/**
 * The ids a tab's page and its badge's count are read from: the tab's first
 * max(LIST_COUNT_LIMIT, offset + page + 1) tickets, newest update first. One scan serves both
 * (the count is exact up to LIST_COUNT_LIMIT, '99+' beyond). On a tab's own filters (status,
 * queues, user) it reads the tab's covering index alone (tickets_tab_status, _queue, _user:
 * queue and user in the index), not a ticket's row; tags, dates and unread read rows.
 */
export function tabIdsQuery(db: DbOrTx, filters: SQL, limit: number | Placeholder) {
  return db
    .select({ id: tickets.id })
    .from(tickets)
    .where(filters)
    .orderBy(...newestFirst())
    .limit(limit);
}

/** How many of a tab's first tickets tabIdsQuery reads for a page. */
export const tabIdsLimit = (page: Page) => Math.max(LIST_COUNT_LIMIT, page.offset + page.size + 1);

/** A ticket list's order: the last update first. */
const newestFirst = () => [desc(tickets.updatedAt), desc(tickets.id)];

/** tabIdsQuery built once per shape of the filters (lib/shaped.ts). */
const tabIds = shapedQuery((db, filters) =>
  tabIdsQuery(db, filters, sql.placeholder("limit")).prepare(""),
);

/**
 * A tab's page (one ticket more than the page, to tell whether another follows) as JSON texts,
 * and its count. Two statements: the tab's first ids, planned with the filters' values, then
 * the page's JSON by id, planned once (ticketJsonTextsById). As one statement, planning the
 * JSON's subqueries with every call's values cost more than running them; a count of its own
 * beside the ids doubled their planning (0.36 against 0.21 ms a call, pgbench).
 */
export async function pageAndCount(
  db: DbOrTx,
  filters: SQL,
  page: Page,
): Promise<{ tickets: string[]; count: number }> {
  const rows = await tabIds(db, filters, { limit: tabIdsLimit(page) });
  const ids = rows.slice(page.offset, page.offset + page.size + 1).map((r) => r.id);
  return {
    tickets: await ticketJsonTextsById(db, ids),
    count: Math.min(rows.length, LIST_COUNT_LIMIT),
  };
}

/**
 * A page of a text search, newest update first. Two shapes answer the same question:
 *
 * - walk: tickets in updated_at order (an index), each asked "does your contact or one of your
 *   messages contain the term?" until the page is full. Cheap when many tickets match (a common
 *   word): a page needs a few dozen tickets. Hopeless for a rare term: it reads the history.
 * - index: every match from the trigram indexes (messages and contacts), then sorted. Cheap for
 *   a rare term, hopeless for a common word (hundreds of thousands of matches to sort).
 *
 * searchShape picks one from the planner's estimates; a walk the estimate got wrong stops at a
 * budget of tickets and the index shape answers instead.
 */
export async function searchPage(
  db: DbOrTx,
  companyId: number,
  filters: SQL,
  term: string,
  page: Page,
): Promise<number[]> {
  const shape = await searchShape(db, companyId, term, page.offset + page.size + 1);
  if (shape.walk) {
    const ids = (await walkQuery(db, companyId, filters, term, page, shape.budget)).map(
      (r) => r.id,
    );
    // A short page is the whole answer only when the walk saw every ticket of the list.
    if (
      ids.length > page.size ||
      (await countUpTo(db, tickets, filters, shape.budget)) < shape.budget
    )
      return ids;
  }
  const indexed = indexedPart(term, await sampledTrigrams(db, "messages", "body"));
  return (await indexQuery(db, companyId, filters, term, page, indexed)).map((r) => r.id);
}

export interface Page {
  offset: number;
  size: number;
}

/**
 * Walk or index, from the planner's row estimates (EXPLAIN, nothing executed): `matches`
 * tickets contain the term among `tickets`, which hold `messages`. The walk visits about
 * need × tickets / matches tickets and their messages; the index shape fetches about `matches`
 * rows and sorts them. The budget leaves room for an estimate off by a few times.
 */
export async function searchShape(db: DbOrTx, companyId: number, term: string, need: number) {
  const [matches, ticketCount, messageCount] = await Promise.all([
    // The candidates themselves, not "tickets where id in (…)": the planner would spread the
    // candidate ids over every company's tickets and underestimate a company's own matches.
    plannedRowsCached(
      db,
      `search:${companyId}:${term.toLowerCase()}`,
      sql`select * from ${candidateIds(companyId, term)} as candidates`,
    ),
    plannedRowsCached(
      db,
      `tickets:${companyId}`,
      sql`select 1 from ${tickets} where ${eq(tickets.companyId, companyId)}`,
    ),
    plannedRowsCached(
      db,
      `messages:${companyId}`,
      sql`select 1 from ${messages} where ${eq(messages.companyId, companyId)}`,
    ),
  ]);
  // A ticket with several matching messages counts several times: capped at the tickets.
  const visited = (need * ticketCount) / Math.max(Math.min(matches, ticketCount), 1);
  const walkCost = visited * (1 + messageCount / Math.max(ticketCount, 1));
  return {
    walk: walkCost < matches,
    budget: Math.max(1000, Math.ceil(4 * visited)),
  };
}

/** The walk: the page among the newest `budget` tickets of the list that match the term. */
export function walkQuery(
  db: DbOrTx,
  companyId: number,
  filters: SQL,
  term: string,
  page: Page,
  budget: number,
) {
  const recent = db
    .select({ id: tickets.id, updatedAt: tickets.updatedAt, contactId: tickets.contactId })
    .from(tickets)
    .where(filters)
    .orderBy(...newestFirst())
    .limit(budget)
    .as("walked");
  return db
    .select({ id: recent.id })
    .from(recent)
    .where(
      matchesTerm(companyId, term, { id: sql`${recent.id}`, contactId: sql`${recent.contactId}` }),
    )
    .orderBy(desc(recent.updatedAt), desc(recent.id))
    .limit(page.size + 1)
    .offset(page.offset);
}

/**
 * The index shape: every ticket the trigram indexes find, sorted, then the page. `indexed`: the
 * part of the term the messages' index is asked for (see candidateIds).
 */
export function indexQuery(
  db: DbOrTx,
  companyId: number,
  filters: SQL,
  term: string,
  page: Page,
  indexed = term,
) {
  return db
    .select({ id: tickets.id })
    .from(tickets)
    .where(sql`${filters} and ${searchCandidates(companyId, term, indexed)}`)
    .orderBy(...newestFirst())
    .limit(page.size + 1)
    .offset(page.offset);
}
