import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { createSignal } from "../../../app/signal";
import { useAuth } from "../../auth/hooks/useAuth";
import { chatsListOptions, flattenChats } from "../api/chatsQueries";
import { myUnreads } from "../api/chatsCache";

/** The sum of my unread messages over my (loaded) chats. */
export function useChatsUnreadTotal(): number {
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const query = useInfiniteQuery({ ...chatsListOptions(""), enabled: userId > 0 });
  return flattenChats(query.data).reduce((sum, chat) => sum + myUnreads(chat, userId), 0);
}

/**
 * How many unread messages each user has been shown by opening the chats popover. One store
 * for the top-bar button and the /chats menu entry, so that both dots clear together.
 */
const acknowledged = new Map<number, number>();
const changed = createSignal();
const acknowledgedStore = {
  subscribe: changed.subscribe,
  get: (userId: number) => acknowledged.get(userId) ?? 0,
  set(userId: number, value: number) {
    if (acknowledgedStore.get(userId) === value) return;
    acknowledged.set(userId, value);
    changed.emit();
  },
};

/**
 * The chats dot (agent-core §2, §4): on while there are unread messages I have not been shown,
 * cleared when the popover opens — on the top-bar button and the 'Chat Interno' menu entry
 * alike; a later message turns it on again.
 */
export function useChatsDot(total: number) {
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const seen = useSyncExternalStore(acknowledgedStore.subscribe, () =>
    acknowledgedStore.get(userId),
  );
  // Messages read elsewhere lower the total: what comes next must show the dot again.
  useEffect(() => {
    if (total < seen) acknowledgedStore.set(userId, total);
  }, [total, seen, userId]);
  return { dot: total > seen, clear: () => acknowledgedStore.set(userId, total) };
}

/** Forgets what was shown (tests start from a fresh session). */
export function resetChatsDot(): void {
  acknowledged.clear();
  changed.emit();
}

/** The /chats menu entry's dot: the same as the chats popover's. */
export function useChatsBadge(): boolean {
  return useChatsDot(useChatsUnreadTotal()).dot;
}
