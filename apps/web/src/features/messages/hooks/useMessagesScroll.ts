import { INFINITE_SCROLL_TOP_PX } from "@atrium/shared";
import { useCallback, useLayoutEffect, useRef } from "react";
import type { MessageDTO } from "../api/messageTypes";

const NEAR_BOTTOM_PX = 150;

/**
 * Scrolling of the message list: starts at the bottom; an older page is asked for within
 * 50 px of the top and keeps what was on screen in place; a new message scrolls down when the
 * reader was already at the bottom or sent it.
 */
export function useMessagesScroll(
  messages: readonly MessageDTO[],
  {
    hasOlder,
    loadingOlder,
    loadOlder,
  }: { hasOlder: boolean; loadingOlder: boolean; loadOlder(): void },
) {
  const ref = useRef<HTMLDivElement>(null);
  const snapshot = useRef({ height: 0, top: 0, firstId: 0, lastId: 0, atBottom: true });

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || messages.length === 0) return;
    const before = snapshot.current;
    const firstId = messages[0]!.id;
    const last = messages[messages.length - 1]!;
    if (before.lastId === 0) {
      box.scrollTop = box.scrollHeight;
    } else if (firstId !== before.firstId && last.id === before.lastId) {
      // An older page arrived above: keep the same messages under the reader's eyes.
      box.scrollTop = box.scrollHeight - before.height + before.top;
    } else if (last.id !== before.lastId && (before.atBottom || last.fromMe)) {
      box.scrollTop = box.scrollHeight;
    }
    snapshot.current = {
      height: box.scrollHeight,
      top: box.scrollTop,
      firstId,
      lastId: last.id,
      atBottom: box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX,
    };
  }, [messages]);

  const onScroll = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    snapshot.current.height = box.scrollHeight;
    snapshot.current.top = box.scrollTop;
    snapshot.current.atBottom =
      box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
    if (box.scrollTop < INFINITE_SCROLL_TOP_PX && hasOlder && !loadingOlder) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  return { ref, onScroll };
}
