import type { ChatDTO } from "@atrium/shared";
import { infiniteQueryOptions } from "@tanstack/react-query";
import { chatsApi, chatsKeys } from "./chatsApi";
import type { ChatsData } from "./chatsCache";

/**
 * My chats, newest first, 20 a page. The page, the top-bar popover and the menu badge share
 * the unfiltered list. Chat failures are silent (admin-operator §8).
 */
export const chatsListOptions = (searchParam: string) =>
  infiniteQueryOptions({
    queryKey: chatsKeys.list(searchParam),
    queryFn: ({ pageParam, signal }) =>
      chatsApi.list({ searchParam, pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    meta: { silent: true },
  });

/** The pages as one list; a chat pushed live onto page 1 may come again later: kept once. */
export function flattenChats(data: { pages: ChatsData["pages"] } | undefined): ChatDTO[] {
  const seen = new Set<number>();
  const list: ChatDTO[] = [];
  for (const page of data?.pages ?? []) {
    for (const chat of page.records) {
      if (seen.has(chat.id)) continue;
      seen.add(chat.id);
      list.push(chat);
    }
  }
  return list;
}
