import type { MessageType } from "@atrium/shared";
import { api } from "../../../api/client";
import type { Paged } from "../../../api/pagedCache";
import type { StoredFile } from "../../../components/form/AttachmentField";

/** A composer shortcut as GET /quick-messages/list answers it. */
export interface QuickMessageDTO {
  id: number;
  shortcode: string;
  message: string;
  messageType: MessageType;
  mediaUrl: string | null;
  fileName: string | null;
}

/** A row of /quick-messages. */
export interface QuickMessageRecord extends QuickMessageDTO {
  global: boolean;
  userId: number;
  file: StoredFile | null;
}

export interface QuickMessagePayload {
  shortcode: string;
  message: string;
  global: boolean;
}

const path = (id: number) => `/quick-messages/${id}`;

export const quickMessagesApi = {
  list: (signal?: AbortSignal) => api.get<QuickMessageDTO[]>("/quick-messages/list", { signal }),
  page: async (searchParam: string, pageNumber: number, signal?: AbortSignal) => {
    const res = await api.get<{ records: QuickMessageRecord[]; hasMore: boolean }>(
      "/quick-messages/",
      { query: { searchParam, pageNumber }, signal },
    );
    return { items: res.records, hasMore: res.hasMore } satisfies Paged<QuickMessageRecord>;
  },
  create: (payload: QuickMessagePayload) =>
    api.post<QuickMessageRecord>("/quick-messages", payload),
  update: (id: number, payload: QuickMessagePayload) =>
    api.put<QuickMessageRecord>(path(id), payload),
  remove: (id: number) => api.delete(path(id)),
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<QuickMessageRecord>(`${path(id)}/upload`, body);
  },
  removeFile: (id: number) => api.delete<QuickMessageRecord>(`${path(id)}/upload`),
};

export const quickMessagesKeys = {
  all: ["quickMessages"] as const,
  list: () => [...quickMessagesKeys.all, "list"] as const,
  pages: () => [...quickMessagesKeys.all, "pages"] as const,
  page: (searchParam: string) => [...quickMessagesKeys.pages(), searchParam] as const,
};
