import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { useInfiniteScroll } from "../../../hooks/useInfiniteScroll";
import { contactsApi, contactsKeys, type ContactDTO } from "../api/contactsApi";

/**
 * The /contacts list: search debounced 500 ms (a new search starts again at page 1), pages
 * appended as the table scrolls. Live events keep the cached pages current.
 */
export function useContactsList(search: string) {
  const searchParam = useDebouncedValue(search.trim());
  const query = useInfiniteQuery({
    queryKey: contactsKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) =>
      contactsApi.list({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });

  // A contact pushed live onto page 1 may come again with a later page: keep the first.
  const contacts = useMemo(() => {
    const seen = new Set<number>();
    const list: ContactDTO[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const contact of page.contacts) {
        if (seen.has(contact.id)) continue;
        seen.add(contact.id);
        list.push(contact);
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
    contacts,
    loading: query.isPending,
    loadingMore: query.isFetchingNextPage,
    scrollRef: scroll.ref,
    onScroll: scroll.onScroll,
  };
}
