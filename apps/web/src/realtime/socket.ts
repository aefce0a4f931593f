import { SOCKET_RECONNECTION_DELAY_MAX_MS } from "@atrium/shared";
import type { Socket } from "socket.io-client";
import { apiBaseAddress } from "../api/storage";

export interface SocketIdentity {
  token: string;
  companyId: number;
  userId: number;
}

/** THE socket of the session: opened after login, closed at logout. */
let current: Socket | null = null;

export async function openSocket({ token, companyId, userId }: SocketIdentity): Promise<Socket> {
  // Loaded on demand so the login screen does not download the socket client.
  const { io } = await import("socket.io-client");
  current?.disconnect();
  current = io(apiBaseAddress() || window.location.origin, {
    transports: ["websocket"],
    auth: { token },
    query: { companyId: String(companyId), userId: String(userId) },
    reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
  });
  return current;
}

export function closeSocket(socket: Socket): void {
  socket.removeAllListeners();
  socket.disconnect();
  if (current === socket) current = null;
}

/** After a token refresh the gateway must see the new token: reconnect with it. */
export function reconnectWithToken(socket: Socket, token: string): void {
  socket.auth = { ...(socket.auth as Record<string, unknown>), token };
  socket.disconnect().connect();
}

export function currentSocket(): Socket | null {
  return current;
}
