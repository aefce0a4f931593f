import type { ChatDTO, ChatMessageDTO } from "@atrium/shared";
import type { QueryClient } from "@tanstack/react-query";
import type { RealtimeContext } from "../../../realtime/eventTable";
import { presenceChanges } from "../../../realtime/presence";
import { chatsKeys, type ChatUserOption } from "./chatsApi";
import {
  addChatToCaches,
  addMessageToCaches,
  moveChatToTop,
  removeChatFromCaches,
  replaceChatInCaches,
  withMyUnreadsCleared,
} from "./chatsCache";
import { chatsSession } from "./chatsSession";

/**
 * The internal chat rows of the realtime table (admin-operator §4, docs/api.md "Internal
 * chats"). Events reach only the chat's members.
 */
type Payload = Record<string, unknown>;

function asChat(value: unknown): ChatDTO | null {
  return value && typeof value === "object" && "id" in value && "users" in value
    ? (value as ChatDTO)
    : null;
}

function asMessage(value: unknown): ChatMessageDTO | null {
  return value && typeof value === "object" && "id" in value && "chatId" in value
    ? (value as ChatMessageDTO)
    : null;
}

/** The open chat is read on screen: my unread count there stays 0. */
function asShown(chat: ChatDTO, userId: number): ChatDTO {
  return chatsSession.openChatId() === chat.id ? withMyUnreadsCleared(chat, userId) : chat;
}

/** company-{id}-chat: new-message moves the chat up (unread +1 unless open); update replaces. */
export function onChatEvent(payload: Payload, ctx: RealtimeContext): void {
  const chat = asChat(payload.chat);
  if (!chat || !chat.users.some((member) => member.userId === ctx.userId)) return;
  if (payload.action === "new-message") {
    moveChatToTop(ctx.queryClient, asShown(chat, ctx.userId));
    const message = asMessage(payload.message);
    if (!message) return;
    addMessageToCaches(ctx.queryClient, message);
    if (chatsSession.openChatId() === chat.id && message.senderId !== ctx.userId) {
      chatsSession.readNeeded.emit(chat.id);
    }
  } else if (payload.action === "update") {
    replaceChatInCaches(ctx.queryClient, asShown(chat, ctx.userId));
  }
}

/** company-{id}-chat-user-{me}: a chat I joined, one edited, one deleted or left. */
export function onChatUserEvent(payload: Payload, ctx: RealtimeContext): void {
  const chat = asChat(payload.chat);
  if (payload.action === "create" && chat) {
    addChatToCaches(ctx.queryClient, chat);
  } else if (payload.action === "update" && chat) {
    replaceChatInCaches(ctx.queryClient, asShown(chat, ctx.userId));
  } else if (payload.action === "delete") {
    const chatId = Number(payload.chatId ?? chat?.id);
    if (!chatId) return;
    removeChatFromCaches(ctx.queryClient, chatId);
    if (chatsSession.openChatId() === chatId) chatsSession.removed.emit(chatId);
  }
}

/** company-{id}-user: presence (and names) in the chat dialog's user picker. */
export function applyUserToChatPicker(queryClient: QueryClient, payload: Payload): void {
  const user = payload.user as Partial<ChatUserOption> | undefined;
  if (payload.action === "delete") {
    const id = Number(payload.userId ?? user?.id);
    queryClient.setQueryData<ChatUserOption[]>(chatsKeys.users(), (list) =>
      list?.filter((option) => option.id !== id),
    );
    return;
  }
  if (Array.isArray(payload.users)) {
    // A presence batch: the online dots of people already listed.
    const changes = new Map(presenceChanges(payload).map((c) => [c.id, c.online]));
    queryClient.setQueryData<ChatUserOption[]>(chatsKeys.users(), (list) =>
      list?.map((option) =>
        changes.has(option.id) ? { ...option, online: changes.get(option.id)! } : option,
      ),
    );
    return;
  }
  if (!user || typeof user.id !== "number") return;
  const { id, name, online } = user;
  queryClient.setQueryData<ChatUserOption[]>(chatsKeys.users(), (list) => {
    if (!list) return list;
    const known = list.some((option) => option.id === id);
    if (!known) return payload.action === "create" && name ? [...list, { id, name, online }] : list;
    return list.map((option) =>
      option.id === id
        ? { ...option, ...(name && { name }), ...(typeof online === "boolean" && { online }) }
        : option,
    );
  });
}
