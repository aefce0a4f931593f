import type { ListViewer } from "./ticketTypes";

/**
 * What the live list reactions need to know about the screen, outside React: who is looking
 * (profile and queues) and which ticket is open. The tickets page keeps it current.
 */
let viewer: ListViewer | null = null;
let openTicketId: number | null = null;

export const inboxSession = {
  viewer: (): ListViewer | null => viewer,
  setViewer(next: ListViewer | null): void {
    viewer = next;
  },
  openTicketId: (): number | null => openTicketId,
  setOpenTicketId(id: number | null): void {
    openTicketId = id;
  },
};
