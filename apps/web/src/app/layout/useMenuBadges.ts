import { useChatsBadge } from "../../features/chats/hooks/useChatsUnread";
import { useConnectionsBadge } from "../../features/connections/hooks/useConnectionsBadge";
import type { MenuBadgeSlot } from "./menuItems";

/**
 * Which menu entries show a badge: '!' on /connections when a session needs attention
 * (evaluated 2 s after the connection list changes) and a dot on /chats for unread chats.
 * The connections and chats features fill these in.
 */
export function useMenuBadges(): Record<MenuBadgeSlot, boolean> {
  const connections = useConnectionsBadge();
  const chats = useChatsBadge();
  return { connections, chats };
}
