import type { UserDTO } from "@atrium/shared";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { useInfiniteScroll } from "../../../hooks/useInfiniteScroll";
import { usersApi, usersKeys } from "../api/usersApi";

/**
 * The /users list: search debounced 500 ms (a new search starts again at page 1), pages
 * appended as the table scrolls. Live events keep the cached pages current.
 */
export function useUsersList(search: string, enabled: boolean) {
  const searchParam = useDebouncedValue(search.trim());
  const query = useInfiniteQuery({
    queryKey: usersKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) =>
      usersApi.list({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });

  // A user pushed live onto page 1 may come again with a later page: keep the first.
  const users = useMemo(() => {
    const seen = new Set<number>();
    const list: UserDTO[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const user of page.users) {
        if (seen.has(user.id)) continue;
        seen.add(user.id);
        list.push(user);
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
    users,
    loading: enabled && query.isPending,
    loadingMore: query.isFetchingNextPage,
    scrollRef: scroll.ref,
    onScroll: scroll.onScroll,
  };
}
