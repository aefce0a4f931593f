import { useQuery, useQueryClient } from "@tanstack/react-query";
import { chatsApi, chatsKeys } from "../api/chatsApi";
import { findCachedChat } from "../api/chatsCache";

/**
 * The chat of the route (/chats/:uuid): shown at once from the cached lists, then fetched.
 * A chat I am not (or no longer) a member of answers 404: `missing`.
 */
export function useChat(uuid: string | undefined) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: chatsKeys.detail(uuid ?? ""),
    queryFn: ({ signal }) => chatsApi.get(uuid ?? "", signal),
    enabled: Boolean(uuid),
    initialData: () =>
      uuid ? findCachedChat(queryClient, (chat) => chat.uuid === uuid) : undefined,
    initialDataUpdatedAt: 0,
    staleTime: 0,
    meta: { silent: true },
  });
  return {
    chat: query.data,
    loading: Boolean(uuid) && query.isPending,
    missing: query.isError,
  };
}
