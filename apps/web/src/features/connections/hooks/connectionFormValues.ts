import { PRIMARY_COLOR, type ChannelType } from "@atrium/shared";
import { META_FIELDS, type MetaField } from "../api/connectionRules";
import type { ConnectionConfig, ConnectionDTO, ConnectionPayload } from "../api/connectionsApi";

/** The texts a connection sends; they may use {saudacao}, {nome}, {numero}, {email}, {protocolo}. */
export const MESSAGE_FIELDS = [
  "greetingMessage",
  "complationMessage",
  "outOfHoursMessage",
  "ratingMessage",
  "transferMessage",
] as const;

export const TEMPLATE_VARIABLES = ["{saudacao}", "{nome}", "{numero}", "{email}", "{protocolo}"];

export interface ConnectionFormValues {
  name: string;
  channelType: ChannelType;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  transferMessage: string;
  token: string;
  provider: string;
  queueIds: number[];
  config: { widgetTitle: string; widgetColor: string } & Record<MetaField, string>;
}

const EMPTY_META: Record<MetaField, string> = {
  pageId: "",
  instagramAccountId: "",
  phoneNumberId: "",
  wabaId: "",
  accessToken: "",
};

export const EMPTY_CONNECTION_FORM: ConnectionFormValues = {
  name: "",
  channelType: "BAILEYS",
  isDefault: false,
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  transferMessage: "",
  token: "",
  provider: "beta",
  queueIds: [],
  config: { widgetTitle: "", widgetColor: PRIMARY_COLOR, ...EMPTY_META },
};

/** A token for the messages API (X_TOKEN): 24 random letters and digits. */
export function generateConnectionToken(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

export function connectionToFormValues(connection: ConnectionDTO): ConnectionFormValues {
  return {
    name: connection.name,
    channelType: connection.channelType,
    isDefault: connection.isDefault,
    greetingMessage: connection.greetingMessage ?? "",
    complationMessage: connection.complationMessage ?? "",
    outOfHoursMessage: connection.outOfHoursMessage ?? "",
    ratingMessage: connection.ratingMessage ?? "",
    transferMessage: connection.transferMessage ?? "",
    token: connection.token ?? "",
    provider: connection.provider || "beta",
    queueIds: connection.queueIds ?? connection.queues.map((q) => q.id),
    config: {
      widgetTitle: connection.config?.widgetTitle ?? "",
      widgetColor: connection.config?.widgetColor || PRIMARY_COLOR,
      ...Object.fromEntries(
        Object.keys(EMPTY_META).map((key) => [key, connection.config?.[key] ?? ""]),
      ),
    } as ConnectionFormValues["config"],
  };
}

/**
 * The body sent to the server. PUT replaces `config`, so the channel settings this form does
 * not show are kept; the widget settings only travel for a web chat, the Meta ids and token
 * only for their channel (an access token left as its mask keeps the stored one).
 */
export function formValuesToPayload(
  values: ConnectionFormValues,
  existingConfig: ConnectionConfig = {},
): ConnectionPayload {
  const shown = new Set<string>(["widgetTitle", "widgetColor", ...Object.keys(EMPTY_META)]);
  const config: ConnectionConfig = Object.fromEntries(
    Object.entries(existingConfig).filter(([key]) => !shown.has(key)),
  );
  if (values.channelType === "WEB_CHAT") {
    config.widgetTitle = values.config.widgetTitle;
    config.widgetColor = values.config.widgetColor;
  }
  for (const field of META_FIELDS[values.channelType] ?? []) {
    const value = values.config[field].trim();
    if (value) config[field] = value;
  }
  return {
    name: values.name,
    channelType: values.channelType,
    isDefault: values.isDefault,
    greetingMessage: values.greetingMessage,
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    transferMessage: values.transferMessage,
    token: values.token,
    provider: values.provider,
    queueIds: values.queueIds,
    config,
  };
}
