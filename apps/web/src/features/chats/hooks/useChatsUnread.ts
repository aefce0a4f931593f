import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
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

/** The /chats menu entry's dot: any of my chats has unread messages. */
export function useChatsBadge(): boolean {
  return useChatsUnreadTotal() > 0;
}

/**
 * The top-bar popover's dot (agent-core §2, §4): on while there are unread messages I have not
 * been shown, cleared when the popover opens; a later message turns it on again.
 */
export function useChatsDot(total: number) {
  const [acknowledged, setAcknowledged] = useState(0);
  // Messages read elsewhere lower the total: what comes next must show the dot again.
  if (total < acknowledged) setAcknowledged(total);
  return { dot: total > acknowledged, clear: () => setAcknowledged(total) };
}
