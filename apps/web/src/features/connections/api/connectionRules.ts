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
  | "showQr"
  | "tryAgain"
  | "newQr"
  | "disconnect"
  | "connecting"
  | "copyWidget"
  | "openTestPage"
  | "checkToken"
  | "reconnect";

/** Channels without a session to scan or pair: they are usable as soon as they exist. */
export const SESSIONLESS_CHANNELS: readonly ChannelType[] = ["WEB_CHAT"];

/** The Meta settings each channel's form shows (config.*); the first one routes its webhooks. */
export type MetaField =
  "pageId" | "instagramAccountId" | "phoneNumberId" | "wabaId" | "accessToken";
export const META_FIELDS: Partial<Record<ChannelType, readonly MetaField[]>> = {
  FACEBOOK: ["pageId", "accessToken"],
  INSTAGRAM: ["instagramAccountId", "pageId", "accessToken"],
  WHATSAPP_BUSINESS: ["phoneNumberId", "wabaId", "accessToken"],
};

/** The server requires the routing id (first field) and an access token. */
export const isRequiredMetaField = (channel: ChannelType, field: MetaField) =>
  field === "accessToken" || META_FIELDS[channel]?.[0] === field;

/** Channels whose session is a QR code scanned on the phone. */
export const QR_CHANNELS: readonly ChannelType[] = ["BAILEYS"];

/** Channels signed in with an access token (Meta): no QR code to scan, a token to check. */
export const TOKEN_CHANNELS: readonly ChannelType[] = [
  "FACEBOOK",
  "INSTAGRAM",
  "WHATSAPP_BUSINESS",
];

/**
 * How long 'Conectando' may last without a QR code before the row says it is stuck, why, and
 * offers to try again (a QR code usually arrives within seconds).
 */
export const OPENING_TIMEOUT_MS = 60_000;

/**
 * The session column's buttons by status (agent-core §2 "Connections page"); a connected web
 * chat offers its widget code and its test page instead, a Meta channel its token check.
 */
export function sessionButtonsFor(connection: {
  channelType: ChannelType;
  status: ConnectionStatus;
}): SessionButton[] {
  if (SESSIONLESS_CHANNELS.includes(connection.channelType)) {
    return connection.status === "CONNECTED" ? ["copyWidget", "openTestPage"] : [];
  }
  // Meta: the token is checked again with the Graph API; there is no QR code to show.
  if (TOKEN_CHANNELS.includes(connection.channelType)) {
    if (connection.status === "OPENING") return ["connecting"];
    return connection.status === "CONNECTED" ? ["checkToken", "disconnect"] : ["reconnect"];
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
