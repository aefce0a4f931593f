import type { ChannelType, TicketStatus } from "@atrium/shared";

/** A tag as GET /tags/list and ticket.tags carry it. */
export interface TagDTO {
  id: number;
  name: string;
  color: string;
}

export interface TicketContactDTO {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
}

/** A ticket as the server's presenter writes it (docs/api.md "Ticket"). */
export interface TicketDTO {
  id: number;
  uuid: string;
  protocol: number;
  status: TicketStatus;
  companyId: number;
  queueId: number | null;
  queue: { id: number; name: string; color: string } | null;
  userId: number | null;
  user: { id: number; name: string } | null;
  contactId: number;
  contact: TicketContactDTO;
  whatsappId: number;
  whatsapp: { id: number; name: string; channelType: ChannelType; status: string } | null;
  channelType: ChannelType;
  lastMessage: string;
  unreadMessages: number;
  isGroup: boolean;
  chatbot: boolean;
  /** Resolved; the contact is asked for a rating before the ticket closes. */
  awaitingRating?: boolean;
  tags: TagDTO[];
  /** The campaign this conversation answers (single ticket only; issue #15). */
  campaign?: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface TicketsPage {
  tickets: TicketDTO[];
  count: number;
  hasMore: boolean;
}

/** Which list of the ticket manager a query feeds. */
export type TicketListTab = "open" | "closed" | "search";

/** The filters of one ticket list, as sent to GET /tickets (and kept in its query key). */
export interface TicketListParams {
  searchTab: TicketListTab;
  status: TicketStatus | "";
  showAll: boolean;
  /** 0 stands for "Sem Fila" (tickets without a queue). */
  queueIds: number[];
  searchParam: string;
  tags: number[];
  users: number[];
}

/** Who looks at the lists: the live-reaction rules depend on it (agent-core §4). */
export interface ListViewer {
  userId: number;
  isAdmin: boolean;
  queueIds: number[];
}

export type TicketUpdateAction =
  | { action: "accept" }
  | { action: "move_to_pending" }
  | { action: "finished"; withMessage: boolean }
  | { action: "reopen" }
  | { action: "transfer_to_user_and_queue"; userId: number; queueId: number }
  | { action: "move_to_queue"; queueId: number }
  | { action: "transfer_to_user"; userId: number };

export interface NewTicketInput {
  contactId: number;
  queueId: number | null;
  whatsappId: number | null;
}
