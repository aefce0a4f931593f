import type { ChatDTO, ChatMessageDTO } from "@atrium/shared";
import { api } from "../../../api/client";

export interface ChatsPage {
  records: ChatDTO[];
  hasMore: boolean;
}

export interface ChatMessagesPage {
  records: ChatMessageDTO[];
  hasMore: boolean;
}

/** A user the chat dialog can add (GET /users/list). */
export interface ChatUserOption {
  id: number;
  name: string;
  email?: string;
  profile?: string;
  online?: boolean;
}

/** Body of POST /chats and PUT /chats/:id: the picker sends [{id, name}]. */
export interface ChatPayload {
  title: string;
  users: { id: number; name?: string }[];
}

export const chatsApi = {
  list: (params: { searchParam: string; pageNumber: number }, signal?: AbortSignal) =>
    api.get<ChatsPage>("/chats", { query: params, signal }),
  /** :ref is the chat's uuid (the route's) or its numeric id. */
  get: (ref: string | number, signal?: AbortSignal) =>
    api.get<ChatDTO>(`/chats/${ref}`, { signal }),
  create: (payload: ChatPayload) => api.post<ChatDTO>("/chats", payload),
  update: (id: number, payload: Partial<ChatPayload>) => api.put<ChatDTO>(`/chats/${id}`, payload),
  remove: (id: number) => api.delete(`/chats/${id}`),
  markRead: (id: number, userId: number) => api.post<ChatDTO>(`/chats/${id}/read`, { userId }),
  messages: (id: number, pageNumber: number, signal?: AbortSignal) =>
    api.get<ChatMessagesPage>(`/chats/${id}/messages`, { query: { pageNumber }, signal }),
  send: (id: number, message: string) =>
    api.post<ChatMessageDTO>(`/chats/${id}/messages`, { message }),
  users: (signal?: AbortSignal) => api.get<ChatUserOption[]>("/users/list", { signal }),
};

export const chatsKeys = {
  all: ["chats"] as const,
  lists: () => [...chatsKeys.all, "list"] as const,
  list: (searchParam: string) => [...chatsKeys.lists(), searchParam] as const,
  details: () => [...chatsKeys.all, "detail"] as const,
  /** By the route's uuid. */
  detail: (uuid: string) => [...chatsKeys.details(), uuid] as const,
  messages: (chatId: number) => [...chatsKeys.all, "messages", chatId] as const,
  users: () => [...chatsKeys.all, "users"] as const,
};
