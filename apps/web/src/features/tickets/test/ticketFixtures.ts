import type { MessageDTO } from "../../messages/api/messageTypes";
import type { TicketsListData } from "../api/ticketListRules";
import type { ListViewer, TicketDTO, TicketListParams } from "../api/ticketTypes";

let nextId = 1000;

/** A ticket as the server presents it. */
export function makeTicket(overrides: Partial<TicketDTO> = {}): TicketDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    protocol: id,
    status: "pending",
    companyId: 1,
    queueId: 1,
    queue: { id: 1, name: "Suporte", color: "#1976d2" },
    userId: null,
    user: null,
    contactId: id + 5000,
    contact: {
      id: id + 5000,
      name: `Contato ${id}`,
      number: `55119${String(id).padStart(8, "0")}`,
      email: "",
      profilePicUrl: "",
      isGroup: false,
    },
    whatsappId: 1,
    whatsapp: { id: 1, name: "Site", channelType: "WEB_CHAT", status: "CONNECTED" },
    channelType: "WEB_CHAT",
    lastMessage: "Olá",
    unreadMessages: 0,
    isGroup: false,
    chatbot: false,
    tags: [],
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<MessageDTO> = {}): MessageDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    ticketId: 1,
    contactId: null,
    body: `Mensagem ${id}`,
    fromMe: false,
    read: false,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    editHistory: [],
    mediaType: "chat",
    mediaUrl: null,
    mimeType: null,
    mediaInline: false,
    fileName: null,
    queueId: null,
    queue: null,
    quotedMsg: null,
    contact: null,
    senderId: null,
    sender: null,
    error: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export function listParams(overrides: Partial<TicketListParams> = {}): TicketListParams {
  return {
    searchTab: "open",
    status: "pending",
    showAll: true,
    queueIds: [],
    searchParam: "",
    tags: [],
    users: [],
    ...overrides,
  };
}

/** One cached list: a single page holding these tickets (count = their number). */
export function listData(tickets: TicketDTO[], hasMore = false): TicketsListData {
  return { pages: [{ tickets, count: tickets.length, hasMore }], pageParams: [1] };
}

export const ids = (data: TicketsListData) => data.pages.flatMap((p) => p.tickets.map((t) => t.id));
export const count = (data: TicketsListData) => data.pages[0]?.count;

export const adminViewer: ListViewer = { userId: 1, isAdmin: true, queueIds: [1, 2] };
export const agentViewer: ListViewer = { userId: 7, isAdmin: false, queueIds: [1] };
