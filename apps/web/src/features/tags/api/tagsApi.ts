import { api } from "../../../api/client";
import type { TagDTO } from "../../tickets/api/ticketTypes";

export const tagsApi = {
  list: (signal?: AbortSignal) => api.get<TagDTO[]>("/tags/list", { signal }),
  create: (name: string) => api.post<TagDTO>("/tags", { name }),
  syncTicket: (ticketId: number, tagIds: number[]) =>
    api.post<{ tags: TagDTO[] }>("/tags/sync", { ticketId, tags: tagIds }),
};

export const tagsKeys = {
  all: ["tags"] as const,
  list: () => [...tagsKeys.all, "list"] as const,
};
