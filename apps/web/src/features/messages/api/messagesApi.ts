import { api } from "../../../api/client";
import type { MessageDTO, MessagesPage, SendTextInput } from "./messageTypes";

export const messagesApi = {
  list: (ticketId: number, pageNumber: number, spy: boolean, signal?: AbortSignal) =>
    api.get<MessagesPage>(`/messages/${ticketId}`, {
      query: { pageNumber, spy: spy ? "true" : undefined },
      signal,
    }),
  sendText: (ticketId: number, input: SendTextInput) =>
    api.post<{ messages: MessageDTO[] }>(`/messages/${ticketId}`, input),
  /**
   * Multipart: every file under `medias`; the body is the caption of the first file, or that
   * file's name when there is no text (the server then sends no caption).
   */
  sendFiles: (
    ticketId: number,
    files: File[],
    { caption, quotedMsgId }: { caption?: string; quotedMsgId?: number | null } = {},
  ) => {
    const form = new FormData();
    for (const file of files) form.append("medias", file, file.name);
    form.append("body", caption ?? files[0]?.name ?? "");
    if (quotedMsgId) form.append("quotedMsgId", String(quotedMsgId));
    return api.post<{ messages: MessageDTO[] }>(`/messages/${ticketId}`, form);
  },
  markRead: (ticketId: number) => api.post<void>(`/messages/${ticketId}/read`),
  remove: (messageId: number) => api.delete(`/messages/${messageId}`),
  /** 'Tentar novamente': a failed message goes back to its connection's send lane. */
  retry: (messageId: number) => api.post<{ message: MessageDTO }>(`/messages/${messageId}/retry`),
};

export type MessagesView = "chat" | "spy";

export const messagesKeys = {
  all: ["messages"] as const,
  ticket: (ticketId: number) => [...messagesKeys.all, ticketId] as const,
  list: (ticketId: number, view: MessagesView) => [...messagesKeys.ticket(ticketId), view] as const,
};
