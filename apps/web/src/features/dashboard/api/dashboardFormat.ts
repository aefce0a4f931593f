/** Display rules of the dashboard: durations in hours and minutes, the hourly chart buckets. */

export interface Duration {
  hours: number;
  /** 0–59. */
  minutes: number;
}

/** Minutes (one decimal, as the server sends them) rounded to whole hours and minutes. */
export function splitMinutes(totalMinutes: number): Duration {
  const whole = Number.isFinite(totalMinutes) ? Math.max(0, Math.round(totalMinutes)) : 0;
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/**
 * '1h 05min' with hours, '12min' without. The pattern comes from the translations (keys
 * duration.hoursMinutes and duration.minutes), the numbers from here.
 */
export function formatDuration(
  totalMinutes: number,
  t: (key: string, values: Record<string, string | number>) => string,
): string {
  const { hours, minutes } = splitMinutes(totalMinutes);
  if (hours === 0) return t("duration.minutes", { minutes });
  return t("duration.hoursMinutes", { hours, minutes: String(minutes).padStart(2, "0") });
}

export const HOURS_IN_DAY = 24;

/** The chart's bucket labels in the server's order: 01:00 … 23:00, then 00:00. */
export function hourLabels(): string[] {
  return Array.from(
    { length: HOURS_IN_DAY },
    (_, index) => `${String((index + 1) % HOURS_IN_DAY).padStart(2, "0")}:00`,
  );
}

export interface HourBucket {
  hour: string;
  tickets: number;
}

/** ticketsByHour (index 0 = 01:00 … index 23 = 00:00) as 24 labelled bars; gaps count 0. */
export function toHourBuckets(ticketsByHour: readonly number[] | undefined): HourBucket[] {
  return hourLabels().map((hour, index) => ({
    hour,
    tickets: Number(ticketsByHour?.[index] ?? 0) || 0,
  }));
}
