import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import type { Paged } from "../api/pagedCache";
import { useInfiniteScroll } from "./useInfiniteScroll";

interface PagedListOptions<T> {
  queryKey: QueryKey;
  fetchPage(pageNumber: number, signal: AbortSignal): Promise<Paged<T>>;
  enabled?: boolean;
}

/**
 * A searchable, infinitely scrolled list: pages appended as the box scrolls (within 100 px of
 * the bottom); an item pushed live onto page 1 that comes again with a later page is kept once.
 */
export function usePagedList<T extends { id: number }>({
  queryKey,
  fetchPage,
  enabled = true,
}: PagedListOptions<T>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });

  const items = useMemo(() => {
    const seen = new Set<number>();
    const list: T[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const item of page.items) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        list.push(item);
      }
    }
    return list;
  }, [query.data]);

  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const scroll = useInfiniteScroll<HTMLDivElement>({
    hasMore: query.hasNextPage,
    loading: query.isFetching,
    loadMore,
  });

  return {
    items,
    loading: enabled && query.isPending,
    loadingMore: query.isFetchingNextPage,
    scrollRef: scroll.ref,
    onScroll: scroll.onScroll,
  };
}
