import { isAdmin } from "@atrium/shared";
import type { Actor } from "../auth/actor.js";

export interface TicketVisibilityTarget {
  companyId: number;
  queueId: number | null;
  userId: number | null;
  status: string;
}

/**
 * Whether the actor may see a ticket (and receive its live events): admins see every ticket
 * of their company; users see tickets of their queues, their own, and unassigned tickets
 * without a queue.
 */
export function canViewTicket(actor: Actor, ticket: TicketVisibilityTarget): boolean {
  if (ticket.companyId !== actor.companyId) return false;
  if (isAdmin(actor)) return true;
  if (ticket.userId === actor.id) return true;
  if (ticket.queueId !== null) return actor.queueIds.includes(ticket.queueId);
  return ticket.userId === null;
}
