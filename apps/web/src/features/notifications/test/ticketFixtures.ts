import type { NotificationTicket } from "../api/notificationsApi";

let nextId = 900;

export function makeTicket(overrides: Partial<NotificationTicket> = {}): NotificationTicket {
  const id = overrides.id ?? nextId++;
  return {
    id,
    uuid: `5b1f0c9e-0000-4000-8000-${String(id).padStart(12, "0")}`,
    status: "pending",
    userId: null,
    queueId: null,
    contact: { id: id + 1000, name: `Contato ${id}` },
    lastMessage: "Olá",
    unreadMessages: 1,
    updatedAt: "2026-03-04T14:05:00.000Z",
    ...overrides,
  };
}
