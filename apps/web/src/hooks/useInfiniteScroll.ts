import { INFINITE_SCROLL_BOTTOM_PX } from "@atrium/shared";
import { useCallback, useEffect, useRef } from "react";

interface InfiniteScrollOptions {
  hasMore: boolean;
  loading: boolean;
  loadMore(): void;
  marginPx?: number;
}

/**
 * Infinite scroll for a scrolling box: the next page is asked for when the bottom is within
 * 100 px, while more exist and nothing is loading. It is also checked after every page, so a
 * first page too short to scroll still leads to the next one.
 */
export function useInfiniteScroll<T extends HTMLElement>({
  hasMore,
  loading,
  loadMore,
  marginPx = INFINITE_SCROLL_BOTTOM_PX,
}: InfiniteScrollOptions) {
  const ref = useRef<T>(null);
  const onScroll = useCallback(() => {
    const box = ref.current;
    if (!box || !hasMore || loading) return;
    if (box.scrollHeight - (box.scrollTop + box.clientHeight) < marginPx) loadMore();
  }, [hasMore, loading, loadMore, marginPx]);

  useEffect(onScroll, [onScroll]);

  return { ref, onScroll };
}
