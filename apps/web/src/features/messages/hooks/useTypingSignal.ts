import { useCallback, useEffect, useRef } from "react";
import { currentSocket } from "../../../realtime/socket";

const TYPING_THROTTLE_MS = 3000;
const TYPING_IDLE_MS = 5000;

/** Emits "typing" {ticketId, on} while the agent types: at most every 3 s, off when idle. */
export function useTypingSignal(ticketId: number) {
  const lastOn = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stop = useCallback(() => {
    clearTimeout(idleTimer.current);
    if (lastOn.current === 0) return;
    lastOn.current = 0;
    currentSocket()?.emit("typing", { ticketId, on: false });
  }, [ticketId]);

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastOn.current >= TYPING_THROTTLE_MS) {
      lastOn.current = now;
      currentSocket()?.emit("typing", { ticketId, on: true });
    }
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stop, TYPING_IDLE_MS);
  }, [ticketId, stop]);

  useEffect(() => stop, [stop]);
  return { typing, stop };
}
