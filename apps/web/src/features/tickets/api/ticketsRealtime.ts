import type { RealtimeContext } from "../../../realtime/eventTable";
import { appendMessageToCaches, replaceMessageInCaches } from "../../messages/api/messagesCache";
import type { MessageDTO } from "../../messages/api/messageTypes";
import { inboxSession } from "./inboxSession";
import {
  applyNewMessageToCaches,
  removeTicketFromCaches,
  resetUnreadInCaches,
  updateContactInCaches,
  upsertTicketInCaches,
} from "./ticketsCache";
import type { TicketContactDTO, TicketDTO } from "./ticketTypes";

/**
 * The inbox rows of the realtime table (agent-core §4 "Live list reactions"): what company
 * ticket, appMessage and contact events do to the cached lists, tickets and messages.
 */
type Payload = Record<string, unknown>;

function entity<T>(value: unknown): T | null {
  return value && typeof value === "object" && "id" in value ? (value as T) : null;
}

export function onTicketEvent(payload: Payload, ctx: RealtimeContext): void {
  const ticket = entity<TicketDTO>(payload.ticket);
  if (payload.action === "update" && ticket) {
    upsertTicketInCaches(ctx.queryClient, ticket, inboxSession.viewer());
    return;
  }
  const ticketId = Number(payload.ticketId ?? ticket?.id);
  if (!ticketId) return;
  if (payload.action === "delete") removeTicketFromCaches(ctx.queryClient, ticketId);
  if (payload.action === "updateUnread") resetUnreadInCaches(ctx.queryClient, ticketId);
}

export function onAppMessageEvent(payload: Payload, ctx: RealtimeContext): void {
  const message = entity<MessageDTO>(payload.message);
  if (!message) return;
  if (payload.action === "create") {
    const ticket = entity<TicketDTO>(payload.ticket) ?? undefined;
    applyNewMessageToCaches(
      ctx.queryClient,
      { message, ticket },
      inboxSession.viewer(),
      inboxSession.openTicketId(),
    );
    appendMessageToCaches(ctx.queryClient, message);
  } else if (payload.action === "update") {
    replaceMessageInCaches(ctx.queryClient, message);
  }
}

export function onContactEvent(payload: Payload, ctx: RealtimeContext): void {
  const contact = entity<Partial<TicketContactDTO> & { id: number }>(payload.contact);
  if (payload.action === "update" && contact) updateContactInCaches(ctx.queryClient, contact);
}
