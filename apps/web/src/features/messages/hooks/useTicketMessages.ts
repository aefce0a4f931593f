import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { messagesApi, messagesKeys, type MessagesView } from "../api/messagesApi";
import type { MessageDTO } from "../api/messageTypes";

/**
 * A ticket's messages, oldest first: page 1 is the newest, older pages are asked for as the
 * list scrolls up. `spy` reads without marking anything read (admins' supervisor view).
 */
export function useTicketMessages(ticketId: number | undefined, view: MessagesView = "chat") {
  const id = ticketId ?? 0;
  const query = useInfiniteQuery({
    queryKey: messagesKeys.list(id, view),
    queryFn: ({ pageParam, signal }) => messagesApi.list(id, pageParam, view === "spy", signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: id > 0,
    staleTime: 0,
  });

  // Newest page first in the cache; on screen the oldest comes first. A message pushed live
  // onto page 1 may come again with an older page: shown once.
  const messages = useMemo(() => {
    const seen = new Set<number>();
    const newestFirst: MessageDTO[] = [];
    for (const page of query.data?.pages ?? []) {
      for (let i = page.messages.length - 1; i >= 0; i--) {
        const message = page.messages[i]!;
        if (seen.has(message.id)) continue;
        seen.add(message.id);
        newestFirst.push(message);
      }
    }
    return newestFirst.reverse();
  }, [query.data]);

  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  return {
    messages,
    loading: id > 0 && query.isPending,
    loadingOlder: isFetchingNextPage,
    hasOlder: hasNextPage,
    loadOlder,
  };
}
