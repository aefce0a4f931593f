import type { SettingDTO, WorkingHoursEntry } from "@atrium/shared";
import type { QueryClient } from "@tanstack/react-query";
import { settingsKeys, type CompanyDTO } from "./settingsApi";

export function setSettingInCache(queryClient: QueryClient, setting: SettingDTO): void {
  queryClient.setQueryData<SettingDTO[]>(settingsKeys.list(), (old) => {
    if (!old) return old;
    const listed = old.some((s) => s.key === setting.key);
    return listed
      ? old.map((s) => (s.key === setting.key ? { ...s, value: setting.value } : s))
      : [...old, setting];
  });
}

/** company-{id}-settings: a changed setting, or the company's new working hours. */
export function applySettingsEvent(queryClient: QueryClient, payload: Record<string, unknown>) {
  if (payload.action !== "update") return;
  const setting = payload.setting as SettingDTO | undefined;
  if (setting?.key) setSettingInCache(queryClient, setting);
  const company = payload.company as { id?: number; schedules?: WorkingHoursEntry[] } | undefined;
  if (company?.id && company.schedules) {
    const schedules = company.schedules;
    queryClient.setQueryData<CompanyDTO>(settingsKeys.company(company.id), (old) =>
      old ? { ...old, schedules } : old,
    );
  }
}
