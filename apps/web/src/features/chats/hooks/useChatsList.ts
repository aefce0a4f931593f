import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { useInfiniteScroll } from "../../../hooks/useInfiniteScroll";
import { chatsListOptions, flattenChats } from "../api/chatsQueries";

/**
 * My chats for a list: search debounced 500 ms (a new search starts at page 1), the next page
 * within 100 px of the bottom. Live events keep the cached pages current.
 */
export function useChatsList(search = "", enabled = true) {
  const searchParam = useDebouncedValue(search.trim());
  const query = useInfiniteQuery({ ...chatsListOptions(searchParam), enabled });
  const chats = useMemo(() => flattenChats(query.data), [query.data]);

  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const scroll = useInfiniteScroll<HTMLDivElement>({
    hasMore: query.hasNextPage,
    loading: query.isFetching,
    loadMore,
  });

  return {
    chats,
    loading: enabled && query.isPending,
    loadingMore: query.isFetchingNextPage,
    scrollRef: scroll.ref,
    onScroll: scroll.onScroll,
  };
}
