import { PRIMARY_COLOR, type ChannelType } from "@atrium/shared";
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
  config: { widgetTitle: string; widgetColor: string };
}

export const EMPTY_CONNECTION_FORM: ConnectionFormValues = {
  name: "",
  channelType: "WEB_CHAT",
  isDefault: false,
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  transferMessage: "",
  token: "",
  provider: "beta",
  queueIds: [],
  config: { widgetTitle: "", widgetColor: PRIMARY_COLOR },
};

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
    },
  };
}

/**
 * The body sent to the server. PUT replaces `config`, so the channel settings this form does
 * not show are kept; the widget settings only travel for a web chat.
 */
export function formValuesToPayload(
  values: ConnectionFormValues,
  existingConfig: ConnectionConfig = {},
): ConnectionPayload {
  const { widgetTitle: _title, widgetColor: _color, ...otherConfig } = existingConfig;
  const config: ConnectionConfig =
    values.channelType === "WEB_CHAT"
      ? {
          ...otherConfig,
          widgetTitle: values.config.widgetTitle,
          widgetColor: values.config.widgetColor,
        }
      : { ...otherConfig };
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
