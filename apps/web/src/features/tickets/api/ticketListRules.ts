import { LIST_COUNT_LIMIT } from "@atrium/shared";
import type {
  ListViewer,
  TicketContactDTO,
  TicketDTO,
  TicketListParams,
  TicketsPage,
} from "./ticketTypes";

/**
 * The live list reactions of agent-core §4, as pure functions over one cached list (the pages
 * of an infinite query). The realtime table and the mutations apply them to every cached list.
 */
export interface TicketsListData {
  pages: TicketsPage[];
  pageParams: number[];
}

/** The server's visibility rule (users: their queues, their own, unassigned without queue). */
function visibleTo(ticket: TicketDTO, viewer: ListViewer): boolean {
  if (viewer.isAdmin || ticket.userId === viewer.userId) return true;
  if (ticket.queueId !== null) return viewer.queueIds.includes(ticket.queueId);
  return ticket.userId === null;
}

function matchesSearch(ticket: TicketDTO, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  if (!term) return true;
  if (ticket.contact.name.toLowerCase().includes(term)) return true;
  const digits = term.replace(/\D/g, "");
  return digits.length >= 3 && ticket.contact.number.includes(digits);
}

/** Whether a ticket belongs in a list with these filters (the same rules as GET /tickets). */
export function ticketMatchesList(
  ticket: TicketDTO,
  params: TicketListParams,
  viewer: ListViewer,
): boolean {
  if (!visibleTo(ticket, viewer)) return false;
  if (params.status && ticket.status !== params.status) return false;
  const showAll = params.showAll && viewer.isAdmin;
  if (params.status === "open" && !showAll && ticket.userId !== viewer.userId) return false;
  if (params.queueIds.length > 0 && ticket.userId !== viewer.userId) {
    const inQueue =
      ticket.queueId === null
        ? params.queueIds.includes(0)
        : params.queueIds.includes(ticket.queueId);
    if (!inQueue) return false;
  }
  if (
    params.users.length > 0 &&
    (ticket.userId === null || !params.users.includes(ticket.userId))
  ) {
    return false;
  }
  if (params.tags.length > 0 && !ticket.tags.some((tag) => params.tags.includes(tag.id))) {
    return false;
  }
  return matchesSearch(ticket, params.searchParam);
}

/**
 * Whether a live event may bring a ticket INTO a list: the user profile ignores tickets without
 * a queue; an admin only counts events with show-all on or for their own tickets. Tickets
 * already listed are always kept in step (replaced or removed).
 */
export function liveEventCounts(
  ticket: TicketDTO,
  params: TicketListParams,
  viewer: ListViewer,
): boolean {
  if (!viewer.isAdmin) return ticket.queueId !== null;
  return params.showAll || ticket.userId === viewer.userId;
}

function isNewer(a: TicketDTO, b: TicketDTO): boolean {
  const diff = Date.parse(a.updatedAt) - Date.parse(b.updatedAt);
  return diff > 0 || (diff === 0 && a.id > b.id);
}

export function isOlder(a: { updatedAt: string }, b: { updatedAt: string }): boolean {
  return Date.parse(a.updatedAt) < Date.parse(b.updatedAt);
}

function findTicket(data: TicketsListData, ticketId: number): TicketDTO | undefined {
  for (const page of data.pages) {
    const found = page.tickets.find((t) => t.id === ticketId);
    if (found) return found;
  }
  return undefined;
}

/**
 * The server counts a list up to LIST_COUNT_LIMIT ('99+' in the badge): at the limit the real
 * number is unknown, so live events leave it there rather than count down from a guess.
 */
function withCount(data: TicketsListData, delta: number): TicketsListData {
  if (delta === 0 || data.pages.length === 0) return data;
  const next = (count: number) =>
    count >= LIST_COUNT_LIMIT ? count : Math.min(LIST_COUNT_LIMIT, Math.max(0, count + delta));
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, count: next(page.count) })),
  };
}

function without(data: TicketsListData, ticketId: number): TicketsListData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tickets: page.tickets.filter((t) => t.id !== ticketId),
    })),
  };
}

/** Puts the ticket where newest-updatedAt-first order wants it (or at the very top). */
function insertSorted(data: TicketsListData, ticket: TicketDTO, toTop: boolean): TicketsListData {
  const pages = data.pages.map((page) => ({ ...page, tickets: [...page.tickets] }));
  if (pages.length === 0) return data;
  for (const page of pages) {
    const index = toTop ? 0 : page.tickets.findIndex((t) => isNewer(ticket, t));
    if (index >= 0) {
      page.tickets.splice(index, 0, ticket);
      return { ...data, pages };
    }
  }
  // Older than everything loaded: it belongs at the end only when no page is left to load.
  const last = pages[pages.length - 1]!;
  if (!last.hasMore) last.tickets.push(ticket);
  return { ...data, pages };
}

/** Company ticket "update": add or replace where it matches, remove where it no longer does. */
export function upsertTicket(
  data: TicketsListData,
  ticket: TicketDTO,
  params: TicketListParams,
  viewer: ListViewer,
  options: { toTop?: boolean } = {},
): TicketsListData {
  const listed = findTicket(data, ticket.id);
  // An answer that arrives after a newer live event must not bring the old state back.
  if (listed && isOlder(ticket, listed)) return data;
  if (!ticketMatchesList(ticket, params, viewer)) {
    return listed ? withCount(without(data, ticket.id), -1) : data;
  }
  if (!listed) {
    if (!liveEventCounts(ticket, params, viewer)) return data;
    return withCount(insertSorted(data, ticket, options.toTop ?? false), 1);
  }
  if (!options.toTop && !isNewer(ticket, listed)) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        tickets: page.tickets.map((t) => (t.id === ticket.id ? ticket : t)),
      })),
    };
  }
  return insertSorted(without(data, ticket.id), ticket, options.toTop ?? false);
}

/** Company ticket "delete". */
export function removeTicket(data: TicketsListData, ticketId: number): TicketsListData {
  return findTicket(data, ticketId) ? withCount(without(data, ticketId), -1) : data;
}

function mapTicket(
  data: TicketsListData,
  ticketId: number,
  change: (ticket: TicketDTO) => TicketDTO,
): TicketsListData {
  if (!findTicket(data, ticketId)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      tickets: page.tickets.map((t) => (t.id === ticketId ? change(t) : t)),
    })),
  };
}

/** Company ticket "updateUnread": the ticket was read. */
export function resetUnread(data: TicketsListData, ticketId: number): TicketsListData {
  return mapTicket(data, ticketId, (t) =>
    t.unreadMessages === 0 ? t : { ...t, unreadMessages: 0 },
  );
}

export interface NewMessageEvent {
  message: { ticketId: number; fromMe: boolean; body: string; createdAt?: string };
  ticket?: TicketDTO;
}

/**
 * appMessage "create": the ticket moves to the top with its unread count raised, unless it is
 * the ticket open on screen (read as it arrives).
 */
export function applyNewMessage(
  data: TicketsListData,
  event: NewMessageEvent,
  params: TicketListParams,
  viewer: ListViewer,
  openTicketId: number | null,
): TicketsListData {
  const ticketId = event.ticket?.id ?? event.message.ticketId;
  const listed = findTicket(data, ticketId);
  const base = event.ticket ?? listed;
  if (!base) return data;
  let unreadMessages: number;
  if (ticketId === openTicketId) unreadMessages = 0;
  else if (event.message.fromMe) unreadMessages = base.unreadMessages;
  // The server's count when the event carries the ticket, else one more than shown.
  else unreadMessages = event.ticket?.unreadMessages ?? (listed?.unreadMessages ?? 0) + 1;
  const updated: TicketDTO = {
    ...(listed ?? base),
    ...event.ticket,
    lastMessage: event.ticket?.lastMessage ?? event.message.body,
    unreadMessages,
  };
  const sentAt = event.message.createdAt;
  if (!event.ticket && sentAt && isOlder(updated, { updatedAt: sentAt }))
    updated.updatedAt = sentAt;
  return upsertTicket(data, updated, params, viewer, { toTop: true });
}

/** Contact "update": the contact shown inside every ticket of that contact. */
export function updateContact(
  data: TicketsListData,
  contact: Partial<TicketContactDTO> & { id: number },
): TicketsListData {
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.tickets.some((t) => t.contactId === contact.id)) return page;
    changed = true;
    return {
      ...page,
      tickets: page.tickets.map((t) =>
        t.contactId === contact.id ? { ...t, contact: mergeContact(t.contact, contact) } : t,
      ),
    };
  });
  return changed ? { ...data, pages } : data;
}

export function mergeContact(
  current: TicketContactDTO,
  contact: Partial<TicketContactDTO>,
): TicketContactDTO {
  return {
    ...current,
    name: contact.name ?? current.name,
    number: contact.number ?? current.number,
    email: contact.email ?? current.email,
    profilePicUrl: contact.profilePicUrl ?? current.profilePicUrl,
  };
}

/** The count badge of a list: the server's count, kept current by the reactions above. */
export function listCount(data: TicketsListData | undefined): number {
  return data?.pages[0]?.count ?? 0;
}
