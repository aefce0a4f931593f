import { DASHBOARD_PERIOD_DAYS, dashboardQuerySchema, isIsoDate } from "@atrium/shared";
import type { DashboardQuery } from "./dashboardApi";

/** The dashboard filter form (agent-core §2 "Dashboard", §5 "Dashboard filter"). */
export type FilterMode = "date" | "period";

export interface DashboardFilterValues {
  mode: FilterMode;
  /** YYYY-MM-DD or empty. */
  dateFrom: string;
  dateTo: string;
  /** One of the period options as text, or empty for none. */
  days: string;
}

export const PERIOD_OPTIONS = DASHBOARD_PERIOD_DAYS;

const pad = (n: number) => String(n).padStart(2, "0");

/** A local calendar day as YYYY-MM-DD. */
export function toIsoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** By date, from the first day of the month through today, no period. */
export function defaultFilter(now: Date = new Date()): DashboardFilterValues {
  const firstOfMonth = new Date(now.getFullYear(), now.getMonth(), 1);
  return { mode: "date", dateFrom: toIsoDay(firstOfMonth), dateTo: toIsoDay(now), days: "" };
}

/** Switching to date resets the period to none; switching to period clears the dates. */
export function switchMode(values: DashboardFilterValues, mode: FilterMode): DashboardFilterValues {
  if (mode === values.mode) return values;
  return mode === "date"
    ? { ...values, mode, days: "" }
    : { ...values, mode, dateFrom: "", dateTo: "" };
}

export type FilterCheck =
  | { ok: true; query: DashboardQuery }
  /** Nothing set: 'Parametrize o filtro'. */
  | { ok: false; reason: "required" }
  | { ok: false; reason: "invalidDate"; field: "dateFrom" | "dateTo" }
  | { ok: false; reason: "startAfterEnd"; field: "dateTo" };

/** The GET /dashboard query of the form, checked with the server's own schema. */
export function checkFilter(values: DashboardFilterValues): FilterCheck {
  const raw =
    values.mode === "period"
      ? { days: values.days.trim() || undefined }
      : {
          date_from: values.dateFrom.trim() || undefined,
          date_to: values.dateTo.trim() || undefined,
        };
  const parsed = dashboardQuerySchema.safeParse(raw);
  if (parsed.success) {
    const { days, date_from, date_to } = parsed.data;
    const query: DashboardQuery =
      days !== undefined
        ? { days }
        : { ...(date_from && { date_from }), ...(date_to && { date_to }) };
    return { ok: true, query };
  }
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (fields.has("date_from")) return { ok: false, reason: "invalidDate", field: "dateFrom" };
  if (fields.has("date_to")) {
    const bothValid = isIsoDate(values.dateFrom) && isIsoDate(values.dateTo);
    return bothValid
      ? { ok: false, reason: "startAfterEnd", field: "dateTo" }
      : { ok: false, reason: "invalidDate", field: "dateTo" };
  }
  // A period outside the options cannot be picked; what is left is an empty filter.
  return { ok: false, reason: "required" };
}
