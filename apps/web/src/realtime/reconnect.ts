import { SOCKET_RECONNECTION_DELAY_MAX_MS } from "@atrium/shared";
import type { Socket } from "socket.io-client";
import { serverReached } from "../api/sessionEvents";

type ReconnectReason = "online" | "visible" | "api";

/** After an API-triggered attempt, the next one waits at least this long (then twice as long…). */
const API_NUDGE_FIRST_GAP_MS = 1000;

/**
 * An attempt still opening after this long is taken for lost (a connection started while the
 * network was down can hang until Socket.IO's 20 s timeout): a nudge starts a new one.
 */
export const STALE_ATTEMPT_MS = 2000;

/**
 * Socket.IO retries a lost socket on its back-off schedule (up to 25 s between attempts), which
 * after an outage can leave the inbox stale long after the network is back. These signals say
 * the network is back: the browser went online, the tab became visible again (hidden tabs' timers
 * are throttled), or an API call succeeded. Each one reconnects at once, unless the socket is
 * live, a fresh attempt is under way, or the socket was closed on purpose (logout, refusal).
 * API answers nudge on a back-off of their own (1 s, 2 s, 4 s … up to the spec's 25 s between
 * nudges, until the socket is back): a socket that keeps failing while HTTP works is not
 * retried at every call.
 */
export function reconnectWhenBackOnline(socket: Socket): () => void {
  let apiGapMs = 0;
  let lastApiNudge = 0;
  let attemptStartedAt = Date.now();
  const nudge = (reason: ReconnectReason) => {
    // `active` is false once the socket was closed on purpose or refused by the server.
    if (socket.connected || !socket.active) return;
    const opening = socket.io._readyState === "opening";
    if (opening && Date.now() - attemptStartedAt < STALE_ATTEMPT_MS) return;
    if (reason === "api") {
      if (Date.now() - lastApiNudge < apiGapMs) return;
      lastApiNudge = Date.now();
      apiGapMs = Math.min(
        apiGapMs ? apiGapMs * 2 : API_NUDGE_FIRST_GAP_MS,
        SOCKET_RECONNECTION_DELAY_MAX_MS,
      );
    }
    attemptStartedAt = Date.now();
    // A fresh start (a hung attempt is dropped): the attempt now, then the back-off from its
    // first step if it fails.
    socket.disconnect().connect();
  };
  const onOnline = () => nudge("online");
  const onVisibility = () => {
    if (document.visibilityState === "visible") nudge("visible");
  };
  const onAttempt = () => {
    attemptStartedAt = Date.now();
  };
  const onConnect = () => {
    apiGapMs = 0;
  };
  window.addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisibility);
  socket.io.on("reconnect_attempt", onAttempt);
  socket.on("connect", onConnect);
  const stopApi = serverReached.subscribe(() => nudge("api"));
  return () => {
    window.removeEventListener("online", onOnline);
    document.removeEventListener("visibilitychange", onVisibility);
    socket.io.off("reconnect_attempt", onAttempt);
    socket.off("connect", onConnect);
    stopApi();
  };
}
