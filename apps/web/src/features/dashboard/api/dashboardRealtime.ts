import type { DashboardDTO } from "@atrium/shared";
import type { QueryClient } from "@tanstack/react-query";
import { presenceChanges } from "../../../realtime/presence";
import { dashboardKeys } from "./dashboardApi";

/** Ticket events arriving within this time lead to one dashboard refetch. */
export const DASHBOARD_REFRESH_DELAY_MS = 1000;

let pending: ReturnType<typeof setTimeout> | null = null;

/**
 * company-{id}-ticket row of the event table: the server publishes nothing for the dashboard,
 * so a burst of ticket events refetches the dashboard on screen once, a second after the first.
 * Dashboards not on screen are only marked stale.
 */
export function scheduleDashboardRefresh(queryClient: QueryClient): void {
  if (pending !== null) return;
  if (queryClient.getQueryCache().findAll({ queryKey: dashboardKeys.all }).length === 0) return;
  pending = setTimeout(() => {
    pending = null;
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  }, DASHBOARD_REFRESH_DELAY_MS);
}

/** company-{id}-user row: attendants going online or offline. */
export function applyPresenceToDashboard(
  queryClient: QueryClient,
  payload: Record<string, unknown>,
): void {
  const changes = new Map(presenceChanges(payload).map((c) => [c.id, c.online]));
  if (changes.size === 0) return;
  queryClient.setQueriesData<DashboardDTO>({ queryKey: dashboardKeys.all }, (data) => {
    if (!data?.attendants.some((a) => changes.has(a.id) && a.online !== changes.get(a.id))) {
      return data;
    }
    return {
      ...data,
      attendants: data.attendants.map((a) =>
        changes.has(a.id) ? { ...a, online: changes.get(a.id)! } : a,
      ),
    };
  });
}
