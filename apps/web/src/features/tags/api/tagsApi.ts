import { api } from "../../../api/client";
import type { Paged } from "../../../api/pagedCache";
import type { TagDTO } from "../../tickets/api/ticketTypes";

/** A row of the /tags page: contactsCount = contacts carrying the tag. */
export interface TagRowDTO extends TagDTO {
  userId: number | null;
  contactsCount: number;
}

export interface TagPayload {
  name: string;
  color: string;
}

export const tagsApi = {
  list: (signal?: AbortSignal) => api.get<TagDTO[]>("/tags/list", { signal }),
  create: (name: string, color?: string) => api.post<TagRowDTO>("/tags", { name, color }),
  syncTicket: (ticketId: number, tagIds: number[]) =>
    api.post<{ tags: TagDTO[] }>("/tags/sync", { ticketId, tags: tagIds }),
  page: async (searchParam: string, pageNumber: number, signal?: AbortSignal) => {
    const res = await api.get<{ tags: TagRowDTO[]; hasMore: boolean }>("/tags/", {
      query: { searchParam, pageNumber },
      signal,
    });
    return { items: res.tags, hasMore: res.hasMore } satisfies Paged<TagRowDTO>;
  },
  get: (id: number, signal?: AbortSignal) => api.get<TagRowDTO>(`/tags/${id}`, { signal }),
  update: (id: number, payload: TagPayload) => api.put<TagRowDTO>(`/tags/${id}`, payload),
  remove: (id: number) => api.delete(`/tags/${id}`),
};

export const tagsKeys = {
  all: ["tags"] as const,
  list: () => [...tagsKeys.all, "list"] as const,
  pages: () => [...tagsKeys.all, "pages"] as const,
  page: (searchParam: string) => [...tagsKeys.pages(), searchParam] as const,
};
