import type { QueueRefDTO, WorkingHoursEntry } from "@atrium/shared";
import { api } from "../../../api/client";
import type { StoredFile } from "../../../components/form/AttachmentField";

/** A queue as GET /queue and /queue/:id answer it. */
export interface QueueDTO extends QueueRefDTO {
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  schedules: WorkingHoursEntry[] | null;
  file: StoredFile | null;
}

export interface QueuePayload {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules?: WorkingHoursEntry[];
}

const path = (id: number) => `/queue/${id}`;

export const queuesApi = {
  /** GET /queue; companyId is honoured for super users only (support access). */
  list: (companyId?: number, signal?: AbortSignal) =>
    api.get<QueueDTO[]>("/queue", { query: { companyId }, signal }),
  get: (id: number, signal?: AbortSignal) => api.get<QueueDTO>(path(id), { signal }),
  create: (payload: QueuePayload) => api.post<QueueDTO>("/queue", payload),
  update: (id: number, payload: QueuePayload) => api.put<QueueDTO>(path(id), payload),
  remove: (id: number) => api.delete(path(id)),
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<QueueDTO>(`${path(id)}/upload`, body);
  },
  removeFile: (id: number) => api.delete<QueueDTO>(`${path(id)}/upload`),
};

export const queuesKeys = {
  all: ["queues"] as const,
  lists: () => [...queuesKeys.all, "list"] as const,
  list: (companyId?: number) => [...queuesKeys.lists(), companyId ?? "own"] as const,
};
