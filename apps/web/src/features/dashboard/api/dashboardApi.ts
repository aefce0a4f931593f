import type { DashboardDTO } from "@atrium/shared";
import { api } from "../../../api/client";

/** GET /dashboard query: a period in days, or a start and/or end date (YYYY-MM-DD). */
export interface DashboardQuery {
  days?: number;
  date_from?: string;
  date_to?: string;
}

export const dashboardApi = {
  get: (query: DashboardQuery, signal?: AbortSignal) =>
    api.get<DashboardDTO>("/dashboard", { query: { ...query }, signal }),
};

export const dashboardKeys = {
  all: ["dashboard"] as const,
  view: (query: DashboardQuery) => [...dashboardKeys.all, query] as const,
};
