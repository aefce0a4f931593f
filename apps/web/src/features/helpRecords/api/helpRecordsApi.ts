import { api } from "../../../api/client";
import type { HelpDTO } from "../../helps/api/helpsApi";

export type HelpVersion = "1" | "2";

export interface HelpPayload {
  title: string;
  description: string;
  video: string;
  version: HelpVersion;
}

/** The help records manager's service (admin-operator §7 Help): every version. */
export const helpRecordsApi = {
  list: (signal?: AbortSignal) =>
    api.get<HelpDTO[]>("/helps/list", { query: { version: "all" }, signal }),
  create: (payload: HelpPayload) => api.post<HelpDTO>("/helps", payload),
  update: (id: number, payload: HelpPayload) => api.put<HelpDTO>(`/helps/${id}`, payload),
  remove: (id: number) => api.delete(`/helps/${id}`),
};

export const helpRecordsKeys = {
  list: () => ["helps", "records", "all"] as const,
};
