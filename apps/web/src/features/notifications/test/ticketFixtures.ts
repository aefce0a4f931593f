import type { TicketDTO } from "../../tickets/api/ticketTypes";
import { makeTicket as makeFullTicket } from "../../tickets/test/ticketFixtures";
import type { NotificationTicket } from "../api/notificationsApi";

let nextId = 900;

/** A ticket as GET /tickets answers it, set up by the fields the bell reads. */
export function makeTicket(
  overrides: Partial<Omit<NotificationTicket, "contact">> & {
    contact?: Partial<NotificationTicket["contact"]>;
  } = {},
): TicketDTO {
  const id = overrides.id ?? nextId++;
  const full = makeFullTicket({
    id,
    uuid: `5b1f0c9e-0000-4000-8000-${String(id).padStart(12, "0")}`,
    queueId: null,
    queue: null,
    lastMessage: "Olá",
    unreadMessages: 1,
    updatedAt: "2026-03-04T14:05:00.000Z",
  });
  const { contact, ...rest } = overrides;
  return {
    ...full,
    ...rest,
    contact: { ...full.contact, id: id + 1000, name: `Contato ${id}`, ...contact },
  };
}
