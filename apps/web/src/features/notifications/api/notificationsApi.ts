import { api } from "../../../api/client";

/** The part of a ticket (docs/api.md "Inbox / Shapes") the bell shows. */
export interface NotificationTicket {
  id: number;
  uuid: string;
  status: "pending" | "open" | "closed";
  userId: number | null;
  queueId: number | null;
  contact: { id: number; name: string; profilePicUrl?: string };
  lastMessage: string;
  unreadMessages: number;
  updatedAt: string;
}

interface TicketsPage {
  tickets: NotificationTicket[];
  hasMore: boolean;
}

const unreadPage = (status: "open" | "pending", signal?: AbortSignal) =>
  api.get<TicketsPage>("/tickets", {
    query: { status, withUnreadMessages: "true", pageNumber: 1 },
    signal,
  });

export const byNewest = (a: NotificationTicket, b: NotificationTicket) =>
  b.updatedAt.localeCompare(a.updatedAt);

export const notificationsApi = {
  /**
   * Unread tickets the bell lists: the caller's own open tickets (status open without showAll
   * is "mine" on the server) plus the pending ones the caller may see, newest first.
   */
  unread: async (signal?: AbortSignal): Promise<NotificationTicket[]> => {
    const [open, pending] = await Promise.all([
      unreadPage("open", signal),
      unreadPage("pending", signal),
    ]);
    const seen = new Set<number>();
    return [...open.tickets, ...pending.tickets]
      .filter((ticket) => !seen.has(ticket.id) && seen.add(ticket.id))
      .sort(byNewest);
  },
};

export const notificationsKeys = {
  all: ["notifications"] as const,
  unread: () => [...notificationsKeys.all, "unread"] as const,
};
