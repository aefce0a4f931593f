import type { DashboardQuery } from "@atrium/shared";

/** A closed interval of instants; a missing bound is open-ended. */
export interface Period {
  from: Date | null;
  to: Date | null;
}

/** 00:00:00.000 of a YYYY-MM-DD day in the server's local time zone. */
export function startOfLocalDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** 23:59:59.999 of a YYYY-MM-DD day in the server's local time zone. */
export function endOfLocalDay(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999);
}

/**
 * The dashboard period, in the server's local time zone. `days=N` is the last N calendar days,
 * today included (from 00:00 N−1 days ago through the end of today); otherwise date_from from
 * its 00:00 and date_to through its 23:59:59.999, either one possibly open-ended.
 */
export function dashboardPeriod(q: DashboardQuery, now: Date): Period {
  if (q.days !== undefined) {
    return {
      from: new Date(now.getFullYear(), now.getMonth(), now.getDate() - (q.days - 1)),
      to: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59, 999),
    };
  }
  return {
    from: q.date_from ? startOfLocalDay(q.date_from) : null,
    to: q.date_to ? endOfLocalDay(q.date_to) : null,
  };
}

/**
 * The 24 local hour boundaries of `now`'s day (00:00, 01:00 … 23:00) and the next midnight.
 * Built with the local calendar so a daylight-saving day still splits at the clock's hours.
 */
export function hourBoundaries(now: Date): { hours: Date[]; end: Date } {
  const [y, m, d] = [now.getFullYear(), now.getMonth(), now.getDate()];
  return {
    hours: Array.from({ length: 24 }, (_, h) => new Date(y, m, d, h)),
    end: new Date(y, m, d + 1),
  };
}
