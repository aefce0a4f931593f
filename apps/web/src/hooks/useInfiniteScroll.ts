import { INFINITE_SCROLL_BOTTOM_PX } from "@atrium/shared";
import { useCallback, type UIEvent } from "react";

interface InfiniteScrollOptions {
  hasMore: boolean;
  loading: boolean;
  loadMore(): void;
  marginPx?: number;
}

/** onScroll handler: asks for the next page within 100 px of the bottom. */
export function useInfiniteScroll({
  hasMore,
  loading,
  loadMore,
  marginPx = INFINITE_SCROLL_BOTTOM_PX,
}: InfiniteScrollOptions) {
  return useCallback(
    (event: UIEvent<HTMLElement>) => {
      if (!hasMore || loading) return;
      const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
      if (scrollHeight - (scrollTop + clientHeight) < marginPx) loadMore();
    },
    [hasMore, loading, loadMore, marginPx],
  );
}
