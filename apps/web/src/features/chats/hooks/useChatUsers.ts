import { useQuery } from "@tanstack/react-query";
import { chatsApi, chatsKeys } from "../api/chatsApi";

/** GET /users/list for the chat dialog's picker, with presence kept live (event table). */
export function useChatUsers(meId: number, enabled = true) {
  const query = useQuery({
    queryKey: chatsKeys.users(),
    queryFn: ({ signal }) => chatsApi.users(signal),
    enabled,
    staleTime: 60_000,
    meta: { silent: true },
  });
  return {
    users: (query.data ?? []).filter((user) => user.id !== meId),
    loading: enabled && query.isPending,
  };
}
