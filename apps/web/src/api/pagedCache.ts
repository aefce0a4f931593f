import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";

/** One page of a searchable list, whatever the server calls its array. */
export interface Paged<T> {
  items: T[];
  hasMore: boolean;
}

type PagedData<T> = InfiniteData<Paged<T>, number>;

/**
 * A created or updated record: replaces its row where listed, otherwise joins the first page
 * (new ones first) of every cached list under `prefix` whose key it `matches`.
 */
export function upsertInPages<T extends { id: number }>(
  queryClient: QueryClient,
  prefix: QueryKey,
  item: T,
  matches: (queryKey: QueryKey) => boolean = () => true,
): void {
  for (const [queryKey, data] of queryClient.getQueriesData<PagedData<T>>({ queryKey: prefix })) {
    if (!data?.pages) continue;
    const listed = data.pages.some((page) => page.items.some((i) => i.id === item.id));
    let pages: Paged<T>[];
    if (listed) {
      pages = data.pages.map((page) => ({
        ...page,
        items: page.items.map((i) => (i.id === item.id ? { ...i, ...item } : i)),
      }));
    } else if (matches(queryKey)) {
      pages = data.pages.map((page, index) =>
        index === 0 ? { ...page, items: [item, ...page.items] } : page,
      );
    } else {
      continue;
    }
    queryClient.setQueryData<PagedData<T>>(queryKey, { ...data, pages });
  }
}

/** A deleted record leaves every cached list under `prefix`. */
export function removeFromPages<T extends { id: number }>(
  queryClient: QueryClient,
  prefix: QueryKey,
  id: number,
): void {
  queryClient.setQueriesData<PagedData<T>>({ queryKey: prefix }, (data) => {
    if (!data?.pages) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const items = page.items.filter((i) => i.id !== id);
        return items.length === page.items.length ? page : { ...page, items };
      }),
    };
  });
}

/** The search text a list key carries (its last element). */
export function searchOfKey(queryKey: QueryKey): string {
  return String(queryKey[queryKey.length - 1] ?? "").toLowerCase();
}
