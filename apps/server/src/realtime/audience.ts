import { rooms } from "./rooms.js";

export interface TicketAudienceTarget {
  id: number;
  companyId: number;
  queueId: number | null;
  userId: number | null;
}

/**
 * Rooms whose sockets may see a ticket (mirrors canViewTicket): the company's admins, the
 * assigned user, members of its queue; everyone in the company for an unassigned ticket
 * without a queue.
 */
export function ticketAudience(t: TicketAudienceTarget): string[] {
  const list = [rooms.admins(t.companyId)];
  if (t.userId) list.push(rooms.user(t.companyId, t.userId));
  if (t.queueId) list.push(rooms.queue(t.companyId, t.queueId));
  else if (!t.userId) list.push(rooms.company(t.companyId));
  return list;
}

/** Audience of a queue-scoped message (notes, bot steps): admins and that queue's members. */
export function queueAudience(companyId: number, queueId: number): string[] {
  return [rooms.admins(companyId), rooms.queue(companyId, queueId)];
}
