import type { ChannelType, ConnectionStatus, MessageType, QueueRefDTO } from "@atrium/shared";
import { api } from "../../../api/client";

/** Channel settings kept in `config`; the web-chat widget reads title and colour. */
export interface ConnectionConfig {
  widgetTitle?: string;
  widgetColor?: string;
  [key: string]: string | undefined;
}

/** A connection ("whatsapp") as GET /whatsapp answers it (docs/api.md "Inbox / Shapes"). */
export interface ConnectionDTO {
  id: number;
  uuid: string;
  name: string;
  channelType: ChannelType;
  status: ConnectionStatus;
  qrcode: string | null;
  retries: number;
  isDefault: boolean;
  number: string | null;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  transferMessage: string;
  greetingMessageType: MessageType;
  token: string;
  provider: string;
  config: ConnectionConfig;
  file: { id: number; name: string; url: string } | null;
  queues: QueueRefDTO[];
  queueIds: number[];
  companyId: number;
  /** Sends are failing (breaker tripped): they wait and are probed with back-off. */
  degraded: boolean;
  /** Why the connection is down and since when; null when healthy. */
  incidentReason: string | null;
  incidentAt: string | null;
  updatedAt: string;
}

/** The body of POST /whatsapp and PUT /whatsapp/:id (packages/shared connectionSchema). */
export interface ConnectionPayload {
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
  config: ConnectionConfig;
}

/** What the session column pushes: try again, new QR code, disconnect. */
export type SessionCommand = "start" | "newQr" | "disconnect";

export const connectionsApi = {
  list: (signal?: AbortSignal) =>
    api.get<ConnectionDTO[]>("/whatsapp/", { query: { session: 0 }, signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ConnectionDTO>(`/whatsapp/${id}`, { query: { session: 0 }, signal }),
  /** The connection with its current QR code (the QR dialog's read). */
  getSession: (id: number, signal?: AbortSignal) =>
    api.get<ConnectionDTO>(`/whatsapp/${id}`, { signal }),
  create: (payload: ConnectionPayload) => api.post<ConnectionDTO>("/whatsapp", payload),
  update: (id: number, payload: ConnectionPayload) =>
    api.put<ConnectionDTO>(`/whatsapp/${id}`, payload),
  remove: (id: number) => api.delete(`/whatsapp/${id}`),
  uploadFile: (id: number, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<ConnectionDTO>(`/whatsapp/${id}/upload`, body);
  },
  removeFile: (id: number) => api.delete<ConnectionDTO>(`/whatsapp/${id}/upload`),
  /** POST (try again), PUT (new QR) or DELETE (disconnect) /whatsappsession/:id. */
  session: (id: number, command: SessionCommand): Promise<unknown> => {
    const path = `/whatsappsession/${id}`;
    if (command === "start") return api.post(path);
    if (command === "newQr") return api.put(path);
    return api.delete(path);
  },
};

export const connectionsKeys = {
  all: ["connections"] as const,
  list: () => [...connectionsKeys.all, "list"] as const,
};
