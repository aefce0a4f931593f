/**
 * The realtime contract: channel names (agent-core §7 Realtime, admin-operator §7) and the
 * events clients emit. The server's publish module and the web's event table both use it.
 */
type Id = number | string;

export const channels = {
  whatsapp: (c: Id) => `company-${c}-whatsapp`,
  whatsappSession: (c: Id) => `company-${c}-whatsappSession`,
  /** A connection went down (logout, ban, reconnect loop, breaker, rejected token): admins only. */
  connectionAlert: (c: Id) => `company-${c}-connectionAlert`,
  chat: (c: Id) => `company-${c}-chat`,
  chatUser: (c: Id, userId: Id) => `company-${c}-chat-user-${userId}`,
  chatRoom: (c: Id, chatId: Id) => `company-${c}-chat-${chatId}`,
  user: (c: Id) => `company-${c}-user`,
  auth: (c: Id) => `company-${c}-auth`,
  details: (c: Id) => `company-${c}-details`,
  ticket: (c: Id) => `company-${c}-ticket`,
  ticketRoom: (c: Id, ticketId: Id) => `company-${c}-ticket-${ticketId}`,
  appMessage: (c: Id) => `company-${c}-appMessage`,
  contact: (c: Id) => `company-${c}-contact`,
  queue: (c: Id) => `company-${c}-queue`,
  tag: (c: Id) => `company-${c}-tag`,
  schedule: (c: Id) => `company-${c}-schedule`,
  /** Campaigns (state and report) and contact lists: admins only. */
  campaign: (c: Id) => `company-${c}-campaign`,
  contactList: (c: Id) => `company-${c}-contactList`,
  setting: (c: Id) => `company-${c}-settings`,
  announcement: () => `company-announcement`,
  /** Operator events about companies (background delete finished); super users only. */
  company: () => `company`,
} as const;

export type ChannelName = keyof typeof channels;

/** Events a client emits to the gateway. */
export const clientEvents = {
  joinNotification: "joinNotification",
  joinTickets: "joinTickets",
  leaveTickets: "leaveTickets",
  joinChatBox: "joinChatBox",
  leftChatBox: "leftChatBox",
  userStatus: "userStatus",
} as const;

export type RealtimeAction = "create" | "update" | "delete" | "updateUnread" | "new-message";

export interface RealtimeEnvelope<T = unknown> {
  action: RealtimeAction;
  [key: string]: T | RealtimeAction;
}
