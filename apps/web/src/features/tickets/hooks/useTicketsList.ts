import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { useInfiniteScroll } from "../../../hooks/useInfiniteScroll";
import { ticketsApi, ticketsKeys } from "../api/ticketsApi";
import { listCount, type TicketsListData } from "../api/ticketListRules";
import type { TicketDTO, TicketListParams } from "../api/ticketTypes";

/**
 * One list of the ticket manager: pages from 1, the next one when scrolled within 100 px of
 * the bottom. Live events keep the cached pages (and the count badge) current.
 */
export function useTicketsList(params: TicketListParams, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: ticketsKeys.list(params),
    queryFn: ({ pageParam, signal }) => ticketsApi.list(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });

  // A ticket moved live onto page 1 may come again with a later page: keep the first.
  const tickets = useMemo(() => {
    const seen = new Set<number>();
    const list: TicketDTO[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const ticket of page.tickets) {
        if (seen.has(ticket.id)) continue;
        seen.add(ticket.id);
        list.push(ticket);
      }
    }
    return list;
  }, [query.data]);

  const { fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const scroll = useInfiniteScroll<HTMLDivElement>({
    hasMore: query.hasNextPage,
    loading: query.isFetching,
    loadMore,
  });

  return {
    tickets,
    count: listCount(query.data as TicketsListData | undefined),
    // A list waiting to be enabled (queues still loading) shows its skeleton too.
    loading: query.isPending,
    fetching: query.isFetching,
    loadingMore: query.isFetchingNextPage,
    refetch: useCallback(() => void refetch(), [refetch]),
    scrollRef: scroll.ref,
    onScroll: scroll.onScroll,
  };
}
