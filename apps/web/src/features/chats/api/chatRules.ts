import { can, isAdmin, type ChatDTO } from "@atrium/shared";
import type { KeyboardEvent } from "react";

/** Empty or whitespace-only messages are never sent (admin-operator §5). */
export function sendableText(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}

/** Enter sends; Shift+Enter is a new line; Enter while composing (IME) is the composer's. */
export function isSendKey(event: KeyboardEvent): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing;
}

interface ChatViewer {
  id: number;
  profile: string;
}

/** Only admins start chats (admin-operator §6). */
export function canCreateChat(viewer: ChatViewer | null | undefined): boolean {
  return can(viewer, "chats:create");
}

/**
 * Only the owner edits or deletes a chat (admin-operator §6); a chat whose owner's account was
 * deleted may be managed by an admin among its members (docs/api.md "Internal chats").
 */
export function canManageChat(
  chat: Pick<ChatDTO, "ownerId">,
  viewer: ChatViewer | null | undefined,
): boolean {
  if (!viewer) return false;
  if (chat.ownerId === null) return isAdmin(viewer);
  return chat.ownerId === viewer.id;
}
