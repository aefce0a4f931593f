import { api } from "../../../api/client";
import { apiBaseAddress } from "../../../api/storage";

/** GET/POST /api/messages/key (docs/api.md "Messages API"). */
export interface ApiKeyStatus {
  apiEnabled: boolean;
  hasKey: boolean;
}

/** 201 of POST /api/messages/send. */
export interface ApiSendResult {
  ticketId: number;
  ticketUuid: string;
  ticketStatus: "open" | "pending" | "closed";
  contactId: number;
  messageIds: number[];
}

export interface ApiTestSend {
  key: string;
  token: string;
  number: string;
  body: string;
  file: File | null;
  ticket: boolean;
  queue: number | null;
}

/** Where the send endpoint lives: the company's instance address, or this page's origin. */
export function apiOrigin(): string {
  return apiBaseAddress() || window.location.origin;
}

export const SEND_PATH = "/api/messages/send";
/** The OpenAPI reference of every call (served by the server, docs/api.md). */
export const REFERENCE_PATH = "/api/docs";

export const messagesApiApi = {
  keyStatus: (signal?: AbortSignal) => api.get<ApiKeyStatus>("/api/messages/key", { signal }),
  /** A new key, answered this once; the previous one stops working. */
  rotateKey: () => api.post<ApiKeyStatus & { key: string }>("/api/messages/key"),
  /** The test form's call: exactly what an outside system sends (no session, key + token). */
  send: (input: ApiTestSend) => {
    const headers = { X_KEY: input.key.trim(), X_TOKEN: input.token.trim() };
    const extra = {
      ...(input.ticket && { ticket: 1 }),
      ...(input.queue !== null && { queue: input.queue }),
    };
    if (input.file) {
      const form = new FormData();
      form.append("number", input.number);
      form.append("body", input.body);
      for (const [name, value] of Object.entries(extra)) form.append(name, String(value));
      form.append("medias", input.file);
      return api.post<ApiSendResult>(SEND_PATH, form, { anonymous: true, headers });
    }
    return api.post<ApiSendResult>(
      SEND_PATH,
      { number: input.number, body: input.body, ...extra },
      { anonymous: true, headers },
    );
  },
};

export const messagesApiKeys = {
  key: ["messagesApi", "key"] as const,
};
