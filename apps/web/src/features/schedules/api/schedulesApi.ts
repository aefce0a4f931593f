import type { MessageType } from "@atrium/shared";
import { api } from "../../../api/client";
import type { Paged } from "../../../api/pagedCache";
import type { StoredFile } from "../../../components/form/AttachmentField";

export interface ScheduleDTO {
  id: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: string;
  error: string | null;
  messageType: MessageType;
  openTicket: boolean;
  contactId: number;
  contact: { id: number; name: string; number: string } | null;
  userId: number | null;
  queueId: number | null;
  whatsappId: number | null;
  ticketId: number | null;
  file: StoredFile | null;
  companyId: number;
}

export interface SchedulePayload {
  contactId: number;
  body: string;
  sendAt: string;
  openTicket: boolean;
  queueId: number | null;
  messageType: MessageType;
}

const path = (id: number) => `/schedules/${id}`;

export const schedulesApi = {
  page: async (searchParam: string, pageNumber: number, signal?: AbortSignal) => {
    const res = await api.get<{ schedules: ScheduleDTO[]; hasMore: boolean }>("/schedules/", {
      query: { searchParam, pageNumber },
      signal,
    });
    return { items: res.schedules, hasMore: res.hasMore } satisfies Paged<ScheduleDTO>;
  },
  create: (payload: SchedulePayload) => api.post<ScheduleDTO>("/schedules", payload),
  update: (id: number, payload: SchedulePayload) => api.put<ScheduleDTO>(path(id), payload),
  remove: (id: number) => api.delete(path(id)),
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<ScheduleDTO>(`${path(id)}/upload`, body);
  },
  removeFile: (id: number) => api.delete<ScheduleDTO>(`${path(id)}/upload`),
};

export const schedulesKeys = {
  all: ["schedules"] as const,
  pages: () => [...schedulesKeys.all, "pages"] as const,
  page: (searchParam: string) => [...schedulesKeys.pages(), searchParam] as const,
};
