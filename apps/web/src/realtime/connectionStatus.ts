import { useSyncExternalStore } from "react";
import type { Socket } from "socket.io-client";
import { createSignal } from "../app/signal";

/** A short drop (a token refresh, a quick reconnect) is not worth a notice. */
export const CONNECTION_NOTICE_AFTER_MS = 3000;

let noticeShown = false;
const changed = createSignal();

function setNotice(shown: boolean): void {
  if (noticeShown === shown) return;
  noticeShown = shown;
  changed.emit();
}

/**
 * Follows the session's socket: once it has been down for CONNECTION_NOTICE_AFTER_MS the
 * "no connection" notice shows, and it clears as soon as the socket is live again.
 */
export function trackConnection(socket: Socket): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const down = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => setNotice(true), CONNECTION_NOTICE_AFTER_MS);
  };
  const up = () => {
    clearTimeout(timer);
    timer = undefined;
    setNotice(false);
  };
  if (!socket.connected) down();
  socket.on("connect", up);
  socket.on("disconnect", down);
  return () => {
    socket.off("connect", up);
    socket.off("disconnect", down);
    up();
  };
}

/** Whether the "no connection, reconnecting" notice is showing. */
export function useConnectionNotice(): boolean {
  return useSyncExternalStore(changed.subscribe, () => noticeShown);
}
