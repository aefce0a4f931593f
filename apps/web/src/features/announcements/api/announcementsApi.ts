import type { AnnouncementCategory } from "@atrium/shared";
import { api } from "../../../api/client";
import type { Paged } from "../../../api/pagedCache";

export interface AnnouncementDTO {
  id: number;
  title: string;
  text: string;
  link: string | null;
  priority: number;
  category: AnnouncementCategory;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  views: number;
  reactions: { bad: number; neutral: number; good: number };
  /** The reader's own state. */
  viewed: boolean;
  reaction: AnnouncementReaction | null;
}

export type AnnouncementReaction = "bad" | "neutral" | "good";

export interface AnnouncementPayload {
  title: string;
  text: string;
  link: string | null;
  priority: number;
  category: AnnouncementCategory;
  status: boolean;
}

const path = (id: number) => `/announcements/${id}`;

export const announcementsApi = {
  page: async (searchParam: string, all: boolean, pageNumber: number, signal?: AbortSignal) => {
    const res = await api.get<{ records: AnnouncementDTO[]; hasMore: boolean }>("/announcements/", {
      query: { searchParam, pageNumber, all: all ? "true" : undefined },
      signal,
    });
    return { items: res.records, hasMore: res.hasMore } satisfies Paged<AnnouncementDTO>;
  },
  create: (payload: AnnouncementPayload) => api.post<AnnouncementDTO>("/announcements", payload),
  update: (id: number, payload: AnnouncementPayload) => api.put<AnnouncementDTO>(path(id), payload),
  remove: (id: number) => api.delete(path(id)),
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<AnnouncementDTO>(`${path(id)}/media-upload`, body);
  },
  removeMedia: (id: number) => api.delete<AnnouncementDTO>(`${path(id)}/media-upload`),
  view: (id: number) => api.post<AnnouncementDTO>(`${path(id)}/view`),
  react: (id: number, reaction: AnnouncementReaction) =>
    api.post<AnnouncementDTO>(`${path(id)}/reaction`, { reaction }),
};

export const announcementsKeys = {
  all: ["announcements"] as const,
  pages: () => [...announcementsKeys.all, "pages"] as const,
  page: (all: boolean, searchParam: string) =>
    [...announcementsKeys.pages(), all ? "all" : "active", searchParam] as const,
};
