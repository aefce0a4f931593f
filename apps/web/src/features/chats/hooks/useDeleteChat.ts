import { useMutation, useQueryClient } from "@tanstack/react-query";
import { chatsApi } from "../api/chatsApi";
import { removeChatFromCaches } from "../api/chatsCache";

/** DELETE /chats/:id (owner only); failures are silent (admin-operator §8). */
export function useDeleteChat(onDeleted: (chatId: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chatId: number) => chatsApi.remove(chatId),
    onSuccess: (_data, chatId) => {
      removeChatFromCaches(queryClient, chatId);
      onDeleted(chatId);
    },
    onError: () => undefined,
  });
}
