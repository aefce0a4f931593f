import {
  ACCOUNT_LOGOUT_DELAY_MS,
  clientEvents,
  PRESENCE_INTERVAL_MS,
  type UserDTO,
} from "@atrium/shared";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import { refreshAccessToken } from "../api/client";
import { tokenRefreshed } from "../api/sessionEvents";
import { clearSession, readToken, readUserUuid } from "../api/storage";
import { i18n } from "../app/i18n";
import { toast } from "../app/toast/toastStore";
import { useAuth } from "../features/auth/hooks/useAuth";
import { bindRealtimeEvents, type RealtimeContext } from "./eventTable";
import { closeSocket, openSocket, reconnectWithToken } from "./socket";

let sessionEnding = false;

/** Notice, then after one second storage is cleared and the page reloads (agent-core §4). */
function endSessionWithNotice(messageKey: string): void {
  if (sessionEnding) return;
  sessionEnding = true;
  toast.warning(i18n.t(messageKey));
  setTimeout(() => {
    clearSession();
    window.location.reload();
  }, ACCOUNT_LOGOUT_DELAY_MS);
}

/** joinNotification and userStatus on every connect, userStatus every 5 minutes. */
function announcePresence(socket: Socket, queryClient: QueryClient): () => void {
  let connectedBefore = false;
  const onConnect = () => {
    socket.emit(clientEvents.joinNotification);
    socket.emit(clientEvents.userStatus);
    // Back from an outage: refetch what may have changed while offline.
    if (connectedBefore) void queryClient.invalidateQueries();
    connectedBefore = true;
  };
  // A gateway refusal (expired token) stops reconnection: refresh, which reconnects.
  const onConnectError = () => {
    if (!socket.active) refreshAccessToken().catch(() => undefined);
  };
  socket.on("connect", onConnect);
  socket.on("connect_error", onConnectError);
  const timer = setInterval(() => {
    if (socket.connected) socket.emit(clientEvents.userStatus);
  }, PRESENCE_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    socket.off("connect", onConnect);
    socket.off("connect_error", onConnectError);
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
  const companyId = user?.companyId;
  useEffect(() => {
    const token = readToken();
    if (status !== "authenticated" || !userId || !companyId || !token) return;
    let disposed = false;
    let teardown = () => undefined as void;
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
      const stopPresence = announcePresence(socket, queryClient);
      const stopTokenSync = tokenRefreshed.subscribe((session) =>
        reconnectWithToken(socket, session.token),
      );
      teardown = () => {
        unbind();
        stopPresence();
        stopTokenSync();
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
