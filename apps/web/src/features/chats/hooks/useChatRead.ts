import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { chatsApi } from "../api/chatsApi";
import { findCachedChat, replaceChatInCaches, withMyUnreadsCleared } from "../api/chatsCache";
import { chatsSession } from "../api/chatsSession";

/**
 * Opening a chat reads it (admin-operator §4): my unread count goes to 0 at once and
 * POST /chats/:id/read tells the server; messages arriving while it is open are read too.
 */
export function useChatRead(chatId: number | undefined, userId: number) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (id: number) => chatsApi.markRead(id, userId),
    onMutate: (id) => {
      const cached = findCachedChat(queryClient, (chat) => chat.id === id);
      if (cached) replaceChatInCaches(queryClient, withMyUnreadsCleared(cached, userId));
    },
    onSuccess: (chat) => replaceChatInCaches(queryClient, withMyUnreadsCleared(chat, userId)),
    // Chat failures are silent (admin-operator §8).
    onError: () => undefined,
  });

  useEffect(() => {
    if (!chatId) return;
    chatsSession.setOpenChatId(chatId);
    mutate(chatId);
    const stop = chatsSession.readNeeded.subscribe((id) => {
      if (id === chatId) mutate(id);
    });
    return () => {
      stop();
      if (chatsSession.openChatId() === chatId) chatsSession.setOpenChatId(null);
    };
  }, [chatId, mutate]);
}
