import { RECURRENCE_MONTHS, RECURRENCES, type Recurrence } from "./enums.js";

/**
 * Billing dates of the operator's Companies screen (admin-operator §2.3, §4, §9). Dates are
 * calendar days "YYYY-MM-DD" without a time zone; the server and the web use the same code,
 * so a row's colour and the server's overdue rule never disagree.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days of the due-date highlight (§9): 8 yellow, 0..7 orange, negative red. */
export const DUE_WARNING_DAYS = 8;
export const DUE_SOON_DAYS = 7;
/** Paid-recently window: until 7 days before the next due date (§9). */
export const PAID_RECENTLY_MARGIN_DAYS = 7;
/** Due-date filter presets of the Companies screen, in days from today (§9). */
export const DUE_FILTER_PRESETS = [6, 2, -1, -3, -7, -15] as const;

interface Ymd {
  y: number;
  m: number; // 1..12
  d: number;
}

function parse(date: string): Ymd | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Year 0 does not exist in PostgreSQL's calendar (1 BC is followed by AD 1).
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

function format({ y, m, d }: Ymd): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === "string" && parse(value) !== null;
}

/** Today's calendar date (local time of the machine) as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return format({ y: now.getFullYear(), m: now.getMonth() + 1, d: now.getDate() });
}

/**
 * Adds whole months, clamping to the month's last day: Jan 31 + 1 month = Feb 28 (29 in a leap
 * year), Aug 31 + 6 months = Feb 28/29. Negative months go back.
 */
export function addMonths(date: string, months: number): string {
  const p = parse(date);
  if (!p) throw new Error(`not a date: ${date}`);
  const index = p.y * 12 + (p.m - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return format({ y, m, d: Math.min(p.d, daysInMonth(y, m)) });
}

/** Months of a recurrence (§9: 1, 2, 3, 6, 12); null for an unknown or empty one. */
export function recurrenceMonths(recurrence: string | null | undefined): number | null {
  return (RECURRENCES as readonly string[]).includes(recurrence ?? "")
    ? RECURRENCE_MONTHS[recurrence as Recurrence]
    : null;
}

/**
 * '+ Vencimento' (§4): the due date advanced by one recurrence period. Nothing happens (the
 * same value comes back) when the due date is empty or invalid or there is no recurrence.
 */
export function nextDueDate(
  dueDate: string | null | undefined,
  recurrence: string | null | undefined,
): string | null {
  if (!dueDate || !isIsoDate(dueDate)) return dueDate ?? null;
  const months = recurrenceMonths(recurrence);
  return months ? addMonths(dueDate, months) : dueDate;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parse(from);
  const b = parse(to);
  if (!a || !b) throw new Error(`not a date: ${a ? to : from}`);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/** Days until the due date (negative: overdue); null without a valid due date. */
export function daysUntilDue(dueDate: string | null | undefined, today: string): number | null {
  return dueDate && isIsoDate(dueDate) ? daysBetween(today, dueDate) : null;
}

/** A company is overdue once its due date has passed (the due day itself is not overdue). */
export function isOverdue(dueDate: string | null | undefined, today: string): boolean {
  const days = daysUntilDue(dueDate, today);
  return days !== null && days < 0;
}

/**
 * Its users are blocked once the company is overdue by more than the plan's grace days: with
 * 7 grace days and a due date of the 1st, users still log in on the 8th and are blocked on the 9th.
 */
export function isBeyondGrace(
  dueDate: string | null | undefined,
  graceDays: number,
  today: string,
): boolean {
  const days = daysUntilDue(dueDate, today);
  return days !== null && -days > Math.max(0, graceDays);
}

export type CompanyRowState =
  "archived" | "selected" | "overdue" | "dueSoon" | "dueIn8Days" | "paidRecently" | "none";

/** Colours of the Companies table rows (§2.3), by state. */
export const COMPANY_ROW_COLORS: Record<CompanyRowState, string | undefined> = {
  archived: "#e0e0e0",
  selected: "#e3f2fd",
  overdue: "#ffcdd2",
  dueSoon: "#ffe0b2",
  dueIn8Days: "#fff9c4",
  paidRecently: "#c8e6c9",
  none: undefined,
};

export interface BillingCompany {
  archived?: boolean | null;
  dueDate?: string | null;
  recurrence?: string | null;
}

/**
 * The highlight of a company row, first match wins: archived (grey), selected (light blue),
 * overdue (red), due within 0–7 days (orange), due in exactly 8 days (yellow), paid recently
 * (light green). "Paid recently" means the current period is paid: the due date lies more than
 * 7 days ahead but no further than one recurrence period (a due date just advanced by
 * '+ Vencimento'). Without a due date only archived/selected apply.
 */
export function companyRowState(
  company: BillingCompany,
  today: string,
  selected = false,
): CompanyRowState {
  if (company.archived) return "archived";
  if (selected) return "selected";
  const days = daysUntilDue(company.dueDate, today);
  if (days === null) return "none";
  if (days < 0) return "overdue";
  if (days <= DUE_SOON_DAYS) return "dueSoon";
  if (days === DUE_WARNING_DAYS) return "dueIn8Days";
  const months = recurrenceMonths(company.recurrence);
  if (months && company.dueDate) {
    const periodStart = addMonths(company.dueDate, -months);
    if (daysBetween(periodStart, today) >= 0 && days > PAID_RECENTLY_MARGIN_DAYS) {
      return "paidRecently";
    }
  }
  return "none";
}
