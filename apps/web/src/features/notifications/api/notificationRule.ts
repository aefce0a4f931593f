import type { NotificationTicket } from "./notificationsApi";

/** company-{id}-appMessage {action:"create", message, ticket, contact}. */
export interface AppMessageEvent {
  action?: unknown;
  message?: { body?: string; fromMe?: boolean; mediaType?: string; ticketId?: number };
  ticket?: NotificationTicket;
  contact?: { name?: string };
}

export interface Viewer {
  userId: number;
  /** The uuid of the ticket open on screen (/tickets/{uuid}), if any. */
  openTicketUuid: string | null;
}

/** Internal messages never reach the contact and never notify. */
const INTERNAL_MEDIA = new Set(["note", "internal"]);

/** The ticket on screen, read from the route /tickets/{uuid}. */
export function openTicketUuidFromPath(pathname: string): string | null {
  const match = /^\/tickets\/([^/?#]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Unassigned or mine, and not closed: the tickets the bell is about (agent-core §2). */
export function isForViewer(ticket: NotificationTicket, userId: number): boolean {
  return ticket.status !== "closed" && (ticket.userId === null || ticket.userId === userId);
}

/**
 * A new message raises a notification when the contact wrote it (not fromMe, not a note), its
 * ticket is unassigned or assigned to the viewer, and that ticket is not the one on screen.
 * Which queues a user may hear about is already settled by the server's audience.
 */
export function shouldNotify(event: AppMessageEvent, viewer: Viewer): boolean {
  const { message, ticket } = event;
  if (event.action !== "create" || !message || !ticket?.uuid) return false;
  if (message.fromMe || INTERNAL_MEDIA.has(message.mediaType ?? "")) return false;
  if (!isForViewer(ticket, viewer.userId)) return false;
  return ticket.uuid !== viewer.openTicketUuid;
}
