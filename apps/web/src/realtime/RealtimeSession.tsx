import {
  clientEvents,
  PRESENCE_INTERVAL_MS,
  SESSION_LOST_CODES,
  TOKEN_EXPIRED_CODE,
  type UserDTO,
} from "@atrium/shared";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import { loseSession, refreshAccessToken } from "../api/client";
import { tokenRefreshed } from "../api/sessionEvents";
import { readToken, readUserUuid } from "../api/storage";
import { authApi } from "../features/auth/api/authApi";
import { useAuth } from "../features/auth/hooks/useAuth";
import { trackConnection } from "./connectionStatus";
import { bindRealtimeEvents, type RealtimeContext } from "./eventTable";
import { reconnectWhenBackOnline } from "./reconnect";
import { endSessionWithNotice } from "./sessionNotice";
import { closeSocket, openSocket, reconnectWithToken } from "./socket";

interface ConnectionState {
  connectedBefore: boolean;
  /** The next connect is ours (new token), not a recovery from an outage. */
  reconnectingForToken: boolean;
}

/** joinNotification and userStatus on every connect, userStatus every 5 minutes. */
function announcePresence(
  socket: Socket,
  queryClient: QueryClient,
  state: ConnectionState,
): () => void {
  const onConnect = () => {
    socket.emit(clientEvents.joinNotification);
    socket.emit(clientEvents.userStatus);
    // Back from an outage: refetch what may have changed while offline.
    if (state.connectedBefore && !state.reconnectingForToken) void queryClient.invalidateQueries();
    state.connectedBefore = true;
    state.reconnectingForToken = false;
  };
  // A gateway refusal stops reconnection. An expired token is refreshed (the refresh
  // reconnects the socket); a lost session ends like any API call's would.
  const onConnectError = (err: Error & { data?: { error?: string } }) => {
    if (socket.active) return; // a network failure: Socket.IO retries by itself
    const code = err.data?.error ?? err.message;
    if (code === TOKEN_EXPIRED_CODE) refreshAccessToken().catch(() => undefined);
    else if ((SESSION_LOST_CODES as readonly string[]).includes(code)) loseSession(code);
  };
  // The server cut the socket because its session ended (logout elsewhere, password changed,
  // company blocked …): GET /auth/me ends the session like any call would; a live one reconnects.
  const onDisconnect = (reason: string) => {
    if (reason !== "io server disconnect") return;
    authApi.me().then(
      () => {
        if (!socket.connected) socket.connect();
      },
      () => undefined,
    );
  };
  socket.on("connect", onConnect);
  socket.on("connect_error", onConnectError);
  socket.on("disconnect", onDisconnect);
  const timer = setInterval(() => {
    if (socket.connected) socket.emit(clientEvents.userStatus);
  }, PRESENCE_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    socket.off("connect", onConnect);
    socket.off("connect_error", onConnectError);
    socket.off("disconnect", onDisconnect);
  };
}

/** Keeps ONE socket open for the logged-in session and wires it to the event table. */
export function RealtimeSession() {
  const { status, user, setCurrentUser } = useAuth();
  const queryClient = useQueryClient();
  const onCurrentUserChanged = useRef<(user: UserDTO) => void>(setCurrentUser);
  useEffect(() => {
    onCurrentUserChanged.current = setCurrentUser;
  }, [setCurrentUser]);

  const userId = user?.id;
  // The company the user acts in (a super user's support access may name another one).
  const companyId = user?.company?.id ?? user?.companyId;
  useEffect(() => {
    const token = readToken();
    if (status !== "authenticated" || !userId || !companyId || !token) return;
    let disposed = false;
    let teardown: () => void = () => undefined;
    void openSocket({ token, companyId, userId }).then((socket) => {
      if (disposed) {
        closeSocket(socket);
        return;
      }
      const ctx: RealtimeContext = {
        companyId,
        userId,
        queryClient,
        readUserUuid,
        onCurrentUserChanged: (changed) => onCurrentUserChanged.current(changed),
        endSessionWithNotice,
      };
      const unbind = bindRealtimeEvents(socket, ctx);
      const state: ConnectionState = { connectedBefore: false, reconnectingForToken: false };
      const stopPresence = announcePresence(socket, queryClient, state);
      const stopTracking = trackConnection(socket);
      const stopNudges = reconnectWhenBackOnline(socket);
      const stopTokenSync = tokenRefreshed.subscribe((session) => {
        state.reconnectingForToken = true;
        reconnectWithToken(socket, session.token);
      });
      teardown = () => {
        unbind();
        stopPresence();
        stopTokenSync();
        stopNudges();
        stopTracking();
        closeSocket(socket);
      };
    });
    return () => {
      disposed = true;
      teardown();
    };
  }, [status, userId, companyId, queryClient]);

  return null;
}
