import { api } from "../../../api/client";

export type QueueOptionFileType = "IMAGE" | "VIDEO" | "AUDIO" | "DOCUMENT" | "";

export interface QueueOptionDTO {
  id: number;
  title: string;
  message: string;
  option: number;
  queueId: number;
  parentId: number | null;
  fileType: QueueOptionFileType;
  fileName: string | null;
  path: string | null;
  finalize: boolean;
  waitTreatment: boolean;
  childrenCount: number;
}

export interface QueueOptionFields {
  title: string;
  message: string;
  fileType: QueueOptionFileType;
  finalize: boolean;
  waitTreatment: boolean;
}

function formOf(
  fields: QueueOptionFields & { queueId: number; parentId: number | null },
  file: File | null,
) {
  const body = new FormData();
  body.append("title", fields.title);
  body.append("message", fields.message);
  body.append("queueId", String(fields.queueId));
  body.append("parentId", fields.parentId === null ? "-1" : String(fields.parentId));
  body.append("fileType", fields.fileType);
  body.append("finalize", String(fields.finalize));
  body.append("waitTreatment", String(fields.waitTreatment));
  if (file) body.append("file", file);
  return body;
}

export const queueOptionsApi = {
  list: (queueId: number, parentId: number | null, signal?: AbortSignal) =>
    api.get<QueueOptionDTO[]>("/queue-options", {
      query: { queueId, parentId: parentId ?? -1 },
      signal,
    }),
  save: (
    id: number | undefined,
    fields: QueueOptionFields & { queueId: number; parentId: number | null },
    file: File | null,
  ) =>
    id
      ? api.put<QueueOptionDTO>(`/queue-options/${id}`, formOf(fields, file))
      : api.post<QueueOptionDTO>("/queue-options", formOf(fields, file)),
  remove: (id: number) => api.delete(`/queue-options/${id}`),
  removeFile: (id: number) => api.delete<QueueOptionDTO>(`/queue-options/${id}/upload`),
};

export const queueOptionsKeys = {
  all: ["queueOptions"] as const,
  queue: (queueId: number) => [...queueOptionsKeys.all, queueId] as const,
  list: (queueId: number, parentId: number | null) =>
    [...queueOptionsKeys.queue(queueId), parentId ?? "root"] as const,
};

/** What the file input accepts for a type (admin-operator §2.7). */
export function acceptFor(fileType: QueueOptionFileType): string | undefined {
  if (fileType === "VIDEO") return ".mpeg,.mp4";
  if (fileType === "IMAGE") return ".jpeg,.jpg,.png";
  if (fileType === "AUDIO") return "audio/*";
  return undefined;
}
