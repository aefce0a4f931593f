import type { ChatDTO, ChatMessageDTO } from "@atrium/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { chatsKeys, type ChatMessagesPage, type ChatsPage } from "./chatsApi";

export type ChatsData = InfiniteData<ChatsPage, number>;
export type ChatMessagesData = InfiniteData<ChatMessagesPage, number>;

/** The current user's unread count in a chat (0 when not a member). */
export function myUnreads(chat: ChatDTO, userId: number): number {
  return chat.users.find((member) => member.userId === userId)?.unreads ?? 0;
}

export function withMyUnreadsCleared(chat: ChatDTO, userId: number): ChatDTO {
  if (myUnreads(chat, userId) === 0) return chat;
  return {
    ...chat,
    users: chat.users.map((member) =>
      member.userId === userId ? { ...member, unreads: 0 } : member,
    ),
  };
}

export function matchesSearch(chat: ChatDTO, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  return !term || chat.title.toLowerCase().includes(term);
}

const listed = (data: ChatsData, chatId: number) =>
  data.pages.some((page) => page.records.some((chat) => chat.id === chatId));

/** The chat first on page 1 (newest updatedAt first), and nowhere else. */
export function putChatOnTop(data: ChatsData, chat: ChatDTO): ChatsData {
  const pages = data.pages.map((page, index) => {
    const rest = page.records.filter((c) => c.id !== chat.id);
    return { ...page, records: index === 0 ? [chat, ...rest] : rest };
  });
  return { ...data, pages };
}

/** The chat replaced where it is listed; a list without it is left as it is. */
export function replaceChat(data: ChatsData, chat: ChatDTO): ChatsData {
  if (!listed(data, chat.id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.map((c) => (c.id === chat.id ? chat : c)),
    })),
  };
}

export function removeChat(data: ChatsData, chatId: number): ChatsData {
  if (!listed(data, chatId)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      records: page.records.filter((c) => c.id !== chatId),
    })),
  };
}

/** A new message joins the newest page (page 1) once, at its end. */
export function appendChatMessage(
  data: ChatMessagesData,
  message: ChatMessageDTO,
): ChatMessagesData {
  if (data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  if (!newest) return data;
  return { ...data, pages: [{ ...newest, records: [...newest.records, message] }, ...older] };
}

function eachList(
  queryClient: QueryClient,
  update: (data: ChatsData, search: string) => ChatsData,
) {
  for (const [queryKey, data] of queryClient.getQueriesData<ChatsData>({
    queryKey: chatsKeys.lists(),
  })) {
    if (!data) continue;
    const next = update(data, String(queryKey[2] ?? ""));
    if (next !== data) queryClient.setQueryData<ChatsData>(queryKey, next);
  }
}

function setDetail(queryClient: QueryClient, chat: ChatDTO) {
  queryClient.setQueryData<ChatDTO>(chatsKeys.detail(chat.uuid), (old) => (old ? chat : old));
}

/** A chat with a new message: first in every list it matches, and its detail refreshed. */
export function moveChatToTop(queryClient: QueryClient, chat: ChatDTO): void {
  eachList(queryClient, (data, search) =>
    matchesSearch(chat, search) ? putChatOnTop(data, chat) : removeChat(data, chat.id),
  );
  setDetail(queryClient, chat);
}

/** An edited or read chat: replaced where it is listed (a new title may leave a search). */
export function replaceChatInCaches(queryClient: QueryClient, chat: ChatDTO): void {
  eachList(queryClient, (data, search) =>
    matchesSearch(chat, search) ? replaceChat(data, chat) : removeChat(data, chat.id),
  );
  setDetail(queryClient, chat);
}

/** A chat I just joined: first in every list it matches. */
export function addChatToCaches(queryClient: QueryClient, chat: ChatDTO): void {
  eachList(queryClient, (data, search) =>
    matchesSearch(chat, search) ? putChatOnTop(data, chat) : data,
  );
}

/** A deleted chat (or one I was removed from) leaves every list, its detail and messages. */
export function removeChatFromCaches(queryClient: QueryClient, chatId: number): void {
  eachList(queryClient, (data) => removeChat(data, chatId));
  for (const [queryKey, chat] of queryClient.getQueriesData<ChatDTO>({
    queryKey: chatsKeys.details(),
  })) {
    if (chat?.id === chatId) queryClient.removeQueries({ queryKey, exact: true });
  }
  queryClient.removeQueries({ queryKey: chatsKeys.messages(chatId), exact: true });
}

export function addMessageToCaches(queryClient: QueryClient, message: ChatMessageDTO): void {
  queryClient.setQueryData<ChatMessagesData>(chatsKeys.messages(message.chatId), (data) =>
    data ? appendChatMessage(data, message) : data,
  );
}

/** A chat as the caches know it (lists first, then details). */
export function findCachedChat(
  queryClient: QueryClient,
  match: (chat: ChatDTO) => boolean,
): ChatDTO | undefined {
  for (const [, data] of queryClient.getQueriesData<ChatsData>({ queryKey: chatsKeys.lists() })) {
    for (const page of data?.pages ?? []) {
      const found = page.records.find(match);
      if (found) return found;
    }
  }
  for (const [, chat] of queryClient.getQueriesData<ChatDTO>({ queryKey: chatsKeys.details() })) {
    if (chat && match(chat)) return chat;
  }
  return undefined;
}

/** My own sent message: the chat's last message and time, first in the lists. */
export function touchChatWithMessage(queryClient: QueryClient, message: ChatMessageDTO): void {
  const chat = findCachedChat(queryClient, (c) => c.id === message.chatId);
  if (!chat) return;
  moveChatToTop(queryClient, {
    ...chat,
    lastMessage: message.message,
    updatedAt: message.createdAt,
  });
}
