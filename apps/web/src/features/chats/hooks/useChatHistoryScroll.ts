import { CHAT_HISTORY_TOP_PX, type ChatMessageDTO } from "@atrium/shared";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";

const NEAR_BOTTOM_PX = 150;

interface HistoryOptions {
  meId: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder(): void;
}

/**
 * Scrolling of a conversation: starts at the bottom; older messages are asked for within
 * 600 px of the top (CHAT_HISTORY_TOP_PX) and arrive without moving what the reader sees; a
 * new message scrolls down when the reader was at the bottom or sent it.
 */
export function useChatHistoryScroll(
  messages: readonly ChatMessageDTO[],
  { meId, hasOlder, loadingOlder, loadOlder }: HistoryOptions,
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
      // Older messages arrived above: keep the same ones under the reader's eyes.
      box.scrollTop = box.scrollHeight - before.height + before.top;
    } else if (last.id !== before.lastId && (before.atBottom || last.senderId === meId)) {
      box.scrollTop = box.scrollHeight;
    }
    snapshot.current = {
      height: box.scrollHeight,
      top: box.scrollTop,
      firstId,
      lastId: last.id,
      atBottom: box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX,
    };
  }, [messages, meId]);

  const check = useCallback(() => {
    const box = ref.current;
    if (!box || !hasOlder || loadingOlder) return;
    if (box.scrollTop < CHAT_HISTORY_TOP_PX) loadOlder();
  }, [hasOlder, loadingOlder, loadOlder]);

  // A short first page (nothing to scroll) still leads to the older ones.
  useEffect(check, [check, messages]);

  const onScroll = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    snapshot.current.height = box.scrollHeight;
    snapshot.current.top = box.scrollTop;
    snapshot.current.atBottom =
      box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
    check();
  }, [check]);

  return { ref, onScroll };
}
