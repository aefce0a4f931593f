import type { SettingDTO, WorkingHoursEntry } from "@atrium/shared";
import { api } from "../../../api/client";

export interface CompanyDTO {
  id: number;
  name: string;
  schedules: WorkingHoursEntry[];
}

export const settingsApi = {
  list: (signal?: AbortSignal) => api.get<SettingDTO[]>("/settings", { signal }),
  update: (key: string, value: string) => api.put<SettingDTO>(`/settings/${key}`, { value }),
  company: (id: number, signal?: AbortSignal) =>
    api.get<CompanyDTO>(`/companies/${id}`, { signal }),
  updateCompanySchedules: (id: number, schedules: WorkingHoursEntry[]) =>
    api.put<CompanyDTO>(`/companies/${id}/schedules`, { schedules }),
};

export const settingsKeys = {
  all: ["settings"] as const,
  list: () => [...settingsKeys.all, "list"] as const,
  company: (id: number) => [...settingsKeys.all, "company", id] as const,
};
