import { AppError } from "../../lib/errors.js";
import type { BaileysSession } from "./session.js";

/**
 * What an agent does to a conversation through the session's socket, wherever the agent's
 * request landed: run here when the session is on this node, else on its owner node.
 */
export type SocketAction =
  | { type: "revoke"; connectionId: number; jid: string; providerMessageId: string }
  | { type: "read"; connectionId: number; jid: string; providerMessageIds: string[] }
  | { type: "presence"; connectionId: number; jid: string; on: boolean };

/** Runs an action on an open session. Only a revoke must succeed; the others are best effort. */
export async function runSocketAction(
  session: BaileysSession | undefined,
  action: SocketAction,
): Promise<void> {
  const socket = session?.open ? session.socket : undefined;
  if (!socket) {
    if (action.type === "revoke") throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return;
  }
  switch (action.type) {
    case "revoke":
      await socket.sendMessage(action.jid, {
        delete: { remoteJid: action.jid, fromMe: true, id: action.providerMessageId },
      });
      return;
    case "read":
      await socket.readMessages(
        action.providerMessageIds.map((id) => ({ remoteJid: action.jid, id, fromMe: false })),
      );
      return;
    case "presence":
      await socket.sendPresenceUpdate(action.on ? "composing" : "paused", action.jid);
  }
}
