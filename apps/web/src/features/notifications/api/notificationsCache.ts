import type { QueryClient } from "@tanstack/react-query";
import { isForViewer } from "./notificationRule";
import { byNewest, notificationsKeys, type NotificationTicket } from "./notificationsApi";

export function upsertNotification(queryClient: QueryClient, ticket: NotificationTicket): void {
  queryClient.setQueryData<NotificationTicket[]>(notificationsKeys.unread(), (list) =>
    [ticket, ...(list ?? []).filter((t) => t.id !== ticket.id)].sort(byNewest),
  );
}

export function removeNotification(queryClient: QueryClient, ticketId: number): void {
  queryClient.setQueryData<NotificationTicket[]>(notificationsKeys.unread(), (list) =>
    list?.some((t) => t.id === ticketId) ? list.filter((t) => t.id !== ticketId) : list,
  );
}

/**
 * company-{id}-ticket for the bell: read (updateUnread), deleted, closed or taken by someone
 * else leaves the list; a listed ticket's update refreshes its row.
 */
export function applyTicketEventToNotifications(
  queryClient: QueryClient,
  payload: Record<string, unknown>,
  userId: number,
): void {
  if (payload.action === "updateUnread" || payload.action === "delete") {
    const id = Number(payload.ticketId);
    if (id) removeNotification(queryClient, id);
    return;
  }
  const ticket = payload.ticket as NotificationTicket | undefined;
  if (payload.action !== "update" || !ticket?.id) return;
  if (ticket.unreadMessages > 0 && isForViewer(ticket, userId)) {
    const listed = queryClient
      .getQueryData<NotificationTicket[]>(notificationsKeys.unread())
      ?.some((t) => t.id === ticket.id);
    if (listed) upsertNotification(queryClient, ticket);
  } else {
    removeNotification(queryClient, ticket.id);
  }
}
