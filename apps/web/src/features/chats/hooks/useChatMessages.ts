import type { ChatMessageDTO } from "@atrium/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { chatsApi, chatsKeys } from "../api/chatsApi";

/**
 * A chat's messages, oldest first: page 1 is the newest, older pages are asked for as the
 * conversation scrolls up. A message pushed live may come again with an older page: once.
 */
export function useChatMessages(chatId: number | undefined) {
  const id = chatId ?? 0;
  const query = useInfiniteQuery({
    queryKey: chatsKeys.messages(id),
    queryFn: ({ pageParam, signal }) => chatsApi.messages(id, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled: id > 0,
    staleTime: 0,
    meta: { silent: true },
  });

  const messages = useMemo(() => {
    const seen = new Set<number>();
    const newestFirst: ChatMessageDTO[] = [];
    for (const page of query.data?.pages ?? []) {
      for (let i = page.records.length - 1; i >= 0; i--) {
        const message = page.records[i]!;
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
