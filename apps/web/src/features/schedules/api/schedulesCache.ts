import type { QueryClient } from "@tanstack/react-query";
import { removeFromPages, searchOfKey, upsertInPages } from "../../../api/pagedCache";
import { schedulesKeys, type ScheduleDTO } from "./schedulesApi";

export function upsertSchedule(queryClient: QueryClient, schedule: ScheduleDTO): void {
  const text = `${schedule.contact?.name ?? ""} ${schedule.body}`.toLowerCase();
  upsertInPages(queryClient, schedulesKeys.pages(), schedule, (key) =>
    text.includes(searchOfKey(key)),
  );
}

export function removeSchedule(queryClient: QueryClient, id: number): void {
  removeFromPages(queryClient, schedulesKeys.pages(), id);
}

/** company-{id}-schedule: create/update (also sent or failed) replaces or adds; delete removes. */
export function applyScheduleEvent(queryClient: QueryClient, payload: Record<string, unknown>) {
  if (payload.action === "delete") {
    const id = Number(payload.scheduleId);
    if (id) removeSchedule(queryClient, id);
    return;
  }
  const schedule = payload.schedule as ScheduleDTO | undefined;
  if ((payload.action === "create" || payload.action === "update") && schedule?.id) {
    upsertSchedule(queryClient, schedule);
  }
}
