import type { QueryClient } from "@tanstack/react-query";
import { ticketsKeys } from "./ticketsApi";
import {
  applyNewMessage,
  isOlder,
  mergeContact,
  removeTicket,
  resetUnread,
  updateContact,
  upsertTicket,
  type NewMessageEvent,
  type TicketsListData,
} from "./ticketListRules";
import type { ListViewer, TicketContactDTO, TicketDTO, TicketListParams } from "./ticketTypes";

/** Applies one list rule to every cached ticket list (each knows its filters by its key). */
function eachList(
  queryClient: QueryClient,
  change: (data: TicketsListData, params: TicketListParams) => TicketsListData,
): void {
  for (const [queryKey, data] of queryClient.getQueriesData<TicketsListData>({
    queryKey: ticketsKeys.lists(),
  })) {
    const params = queryKey[2] as TicketListParams | undefined;
    if (!data || !params) continue;
    const next = change(data, params);
    if (next !== data) queryClient.setQueryData(queryKey, next);
  }
}

function eachDetail(queryClient: QueryClient, change: (ticket: TicketDTO) => TicketDTO): void {
  for (const [queryKey, data] of queryClient.getQueriesData<TicketDTO>({
    queryKey: ticketsKeys.details(),
  })) {
    if (!data) continue;
    const next = change(data);
    if (next !== data) queryClient.setQueryData(queryKey, next);
  }
}

export function upsertTicketInCaches(
  queryClient: QueryClient,
  ticket: TicketDTO,
  viewer: ListViewer | null,
): void {
  if (viewer) eachList(queryClient, (data, params) => upsertTicket(data, ticket, params, viewer));
  eachDetail(queryClient, (current) =>
    current.id === ticket.id && !isOlder(ticket, current) ? ticket : current,
  );
}

export function removeTicketFromCaches(queryClient: QueryClient, ticketId: number): void {
  eachList(queryClient, (data) => removeTicket(data, ticketId));
}

export function resetUnreadInCaches(queryClient: QueryClient, ticketId: number): void {
  eachList(queryClient, (data) => resetUnread(data, ticketId));
}

export function applyNewMessageToCaches(
  queryClient: QueryClient,
  event: NewMessageEvent,
  viewer: ListViewer | null,
  openTicketId: number | null,
): void {
  if (viewer) {
    eachList(queryClient, (data, params) =>
      applyNewMessage(data, event, params, viewer, openTicketId),
    );
  }
  const { ticket } = event;
  if (ticket) {
    eachDetail(queryClient, (current) =>
      current.id === ticket.id ? { ...current, lastMessage: ticket.lastMessage } : current,
    );
  }
}

export function updateContactInCaches(
  queryClient: QueryClient,
  contact: Partial<TicketContactDTO> & { id: number },
): void {
  eachList(queryClient, (data) => updateContact(data, contact));
  eachDetail(queryClient, (current) =>
    current.contactId === contact.id
      ? { ...current, contact: mergeContact(current.contact, contact) }
      : current,
  );
}
