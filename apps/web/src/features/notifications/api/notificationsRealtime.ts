import type { QueryClient } from "@tanstack/react-query";
import { alerts } from "./alerts";
import { openTicketUuidFromPath, shouldNotify, type AppMessageEvent } from "./notificationRule";
import { upsertNotification } from "./notificationsCache";

/** Indirection over the current route, so tests can put a ticket on screen. */
export const screenLocation = {
  pathname: () => window.location.pathname,
};

/** The company-{id}-appMessage row of the event table for the bell. */
export function applyAppMessageToNotifications(
  queryClient: QueryClient,
  payload: Record<string, unknown>,
  userId: number,
): void {
  const event = payload as AppMessageEvent;
  const openTicketUuid = openTicketUuidFromPath(screenLocation.pathname());
  if (!shouldNotify(event, { userId, openTicketUuid })) return;
  const ticket = event.ticket!;
  const body = event.message?.body ?? "";
  upsertNotification(queryClient, { ...ticket, lastMessage: body || ticket.lastMessage });
  alerts.newMessage(event.contact?.name || ticket.contact?.name || "", body, ticket.uuid);
}
