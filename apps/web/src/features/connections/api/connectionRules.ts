import {
  CONNECTION_ATTENTION_STATUSES,
  type ChannelType,
  type ConnectionStatus,
} from "@atrium/shared";

/** The '!' badge of the /connections menu entry: a session needs attention. */
export function needsAttention(connections: readonly { status: ConnectionStatus }[]): boolean {
  return connections.some((c) => CONNECTION_ATTENTION_STATUSES.includes(c.status));
}

export type SessionButton =
  "showQr" | "tryAgain" | "newQr" | "disconnect" | "connecting" | "copyWidget" | "openTestPage";

/** Channels without a session to scan or pair: they are usable as soon as they exist. */
export const SESSIONLESS_CHANNELS: readonly ChannelType[] = ["WEB_CHAT"];

/** Channels the add dialog offers today; the others arrive with their session issue. */
export const CREATABLE_CHANNELS: readonly ChannelType[] = ["WEB_CHAT"];

/**
 * The session column's buttons by status (agent-core §2 "Connections page"); a connected web
 * chat offers its widget code and its test page instead.
 */
export function sessionButtonsFor(connection: {
  channelType: ChannelType;
  status: ConnectionStatus;
}): SessionButton[] {
  if (SESSIONLESS_CHANNELS.includes(connection.channelType)) {
    return connection.status === "CONNECTED" ? ["copyWidget", "openTestPage"] : [];
  }
  switch (connection.status) {
    case "qrcode":
      return ["showQr"];
    case "DISCONNECTED":
      return ["tryAgain", "newQr"];
    case "CONNECTED":
    case "PAIRING":
    case "TIMEOUT":
      return ["disconnect"];
    case "OPENING":
      return ["connecting"];
    default:
      return [];
  }
}
