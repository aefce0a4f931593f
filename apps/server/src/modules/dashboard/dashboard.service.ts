import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from "drizzle-orm";
import {
  TICKET_STATUSES,
  type DashboardAttendantDTO,
  type DashboardDTO,
  type DashboardQuery,
} from "@atrium/shared";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { tickets, ticketTracking, users } from "../../db/schema/index.js";
import { forbidden } from "../../lib/errors.js";
import { SingleFlight } from "../../lib/single-flight.js";
import type { Actor } from "../auth/actor.js";
import { dashboardPolicy } from "./dashboard.policy.js";
import { dashboardPeriod, hourBoundaries, type Period } from "./dashboard.period.js";

/**
 * Average minutes from `earlier` to `later` over the cycles where both are set and `later` is
 * after `earlier` (zero or missing durations are not measurements), one decimal. Summed as
 * float seconds (numeric arithmetic costs several times more per row); the numeric cast keeps
 * 15 significant digits, so the rounding is that of the exact average.
 */
const averageMinutes = (later: AnyPgColumn, earlier: AnyPgColumn) =>
  sql<
    string | null
  >`round((avg(date_part('epoch', ${later} - ${earlier})) filter (where ${later} > ${earlier}) / 60)::numeric, 1)`;

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Attendance figures of one company, computed in SQL. The period narrows the finished cycles
 * (ticket_tracking by finished_at) and the leads (tickets by created_at); the pending and
 * in-progress counters are live, and the hourly chart is always today.
 */
export class DashboardService {
  /**
   * A ticket event makes every admin screen showing the dashboard refetch it about a second
   * later, all at once: the same company and period asked while it is being computed share
   * that computation (a month of cycles costs tens of milliseconds of database time).
   */
  private readonly flights = new SingleFlight<DashboardDTO>();

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(actor: Actor, query: DashboardQuery): Promise<DashboardDTO> {
    if (!dashboardPolicy.canView(actor)) throw forbidden();
    const companyId = actor.companyId;
    const now = this.now();
    const period = dashboardPeriod(query, now);
    // Today's date too: the hourly chart is today's.
    const key = JSON.stringify([companyId, period.from, period.to, now.toDateString()]);
    return this.flights.run(key, () => this.compute(companyId, period, now));
  }

  private async compute(companyId: number, period: Period, now: Date): Promise<DashboardDTO> {
    const [live, cycles, team, leads, ticketsByHour] = await Promise.all([
      this.liveCounts(companyId),
      this.finishedCycles(companyId, period),
      this.db
        .select({ id: users.id, name: users.name, online: users.online })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(asc(users.name), asc(users.id)),
      this.leads(companyId, period),
      this.ticketsByHour(companyId, now),
    ]);
    const zero = { finished: 0, avgSupportTime: 0, avgWaitTime: 0, rating: 0 };
    const total = cycles.get(null) ?? zero;
    // Every user of the company, with the cycles they attended that finished in the period.
    const attendants: DashboardAttendantDTO[] = team.map((u) => {
      const mine = cycles.get(u.id) ?? zero;
      return {
        id: u.id,
        name: u.name,
        rating: mine.rating,
        avgSupportTime: mine.avgSupportTime,
        supportFinished: mine.finished,
        online: u.online,
      };
    });
    return {
      ...live,
      supportFinished: total.finished,
      avgSupportTime: total.avgSupportTime,
      avgWaitTime: total.avgWaitTime,
      leads,
      attendants,
      ticketsByHour,
    };
  }

  private async liveCounts(companyId: number) {
    const [row] = await this.db
      .select({
        pending: sql<number>`count(*) filter (where ${tickets.status} = 'pending')`.mapWith(Number),
        open: sql<number>`count(*) filter (where ${tickets.status} = 'open')`.mapWith(Number),
      })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), inArray(tickets.status, ["pending", "open"])));
    return { supportPending: row?.pending ?? 0, supportHappening: row?.open ?? 0 };
  }

  /**
   * The cycles that finished in the period, in one pass: per attending user and in total
   * (key null; grouping sets), so the counters and the attendants table read them once.
   */
  private async finishedCycles(companyId: number, period: Period) {
    const rows = await this.db
      .select({
        userId: ticketTracking.userId,
        all: sql<number>`grouping(${ticketTracking.userId})`.mapWith(Number),
        finished: count(),
        avgSupportTime: averageMinutes(ticketTracking.finishedAt, ticketTracking.startedAt),
        avgWaitTime: averageMinutes(ticketTracking.startedAt, ticketTracking.queuedAt),
        rating: sql<
          string | null
        >`round((avg(${ticketTracking.rating}) filter (where ${ticketTracking.rating} between 1 and 3))::numeric, 1)`,
      })
      .from(ticketTracking)
      .where(finishedIn(companyId, period))
      .groupBy(sql`grouping sets ((${ticketTracking.userId}), ())`);
    const byUser = new Map<
      number | null,
      { finished: number; avgSupportTime: number; avgWaitTime: number; rating: number }
    >();
    for (const r of rows) {
      // A null userId with grouping 0 is the cycles nobody attended: only in the total.
      if (!r.all && r.userId === null) continue;
      byUser.set(r.all ? null : r.userId, {
        finished: r.finished,
        avgSupportTime: toNumber(r.avgSupportTime),
        avgWaitTime: toNumber(r.avgWaitTime),
        rating: toNumber(r.rating),
      });
    }
    return byUser;
  }

  /** Contacts with exactly one ticket created in the period. */
  private async leads(companyId: number, period: Period): Promise<number> {
    const perContact = this.db
      .select({ contactId: tickets.contactId })
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, companyId),
          period.from ? gte(tickets.createdAt, period.from) : undefined,
          period.to ? lte(tickets.createdAt, period.to) : undefined,
        ),
      )
      .groupBy(tickets.contactId)
      .having(sql`count(*) = 1`)
      .as("leads");
    const [row] = await this.db.select({ n: count() }).from(perContact);
    return row?.n ?? 0;
  }

  /**
   * Today's tickets by the local hour of updatedAt, in the order 01:00 … 23:00, 00:00.
   * width_bucket against the day's 24 hour boundaries keeps the local time zone in Node (the
   * database session may run in another one). Listing every status lets the
   * (company_id, status, updated_at) index serve the range.
   */
  private async ticketsByHour(companyId: number, now: Date): Promise<number[]> {
    const { hours, end } = hourBoundaries(now);
    const boundaries = sql.join(
      hours.map((h) => sql`${h.toISOString()}::timestamptz`),
      sql`, `,
    );
    const bucket = sql<number>`width_bucket(${tickets.updatedAt}, array[${boundaries}])`.mapWith(
      Number,
    );
    const rows = await this.db
      .select({ bucket, n: count() })
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, companyId),
          inArray(tickets.status, [...TICKET_STATUSES]),
          gte(tickets.updatedAt, hours[0]!),
          lt(tickets.updatedAt, end),
        ),
      )
      .groupBy(sql`1`);
    const byHour = new Array<number>(24).fill(0);
    for (const { bucket: b, n } of rows) {
      // width_bucket gives hour + 1 (1 = 00:00 … 24 = 23:00); index 0 is 01:00, 23 is 00:00.
      const hour = b - 1;
      if (hour >= 0 && hour < 24) byHour[(hour + 23) % 24]! += n;
    }
    return byHour;
  }
}

/** Tracking cycles of the company finished within the period. */
function finishedIn(companyId: number, period: Period): SQL {
  return and(
    eq(ticketTracking.companyId, companyId),
    isNotNull(ticketTracking.finishedAt),
    period.from ? gte(ticketTracking.finishedAt, period.from) : undefined,
    period.to ? lte(ticketTracking.finishedAt, period.to) : undefined,
  )!;
}
