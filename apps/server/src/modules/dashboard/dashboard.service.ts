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
import type { Actor } from "../auth/actor.js";
import { dashboardPolicy } from "./dashboard.policy.js";
import { dashboardPeriod, hourBoundaries, type Period } from "./dashboard.period.js";

/** Minutes between two tracking timestamps (null when either is missing). */
const minutesBetween = (later: AnyPgColumn, earlier: AnyPgColumn) =>
  sql`extract(epoch from (${later} - ${earlier})) / 60`;
const supportMinutes = minutesBetween(ticketTracking.finishedAt, ticketTracking.startedAt);
const waitMinutes = minutesBetween(ticketTracking.startedAt, ticketTracking.queuedAt);

/** Average of the positive durations (missing or zero ones are not measurements), 1 decimal. */
const averageMinutes = (minutes: SQL) =>
  sql<string | null>`round((avg(${minutes}) filter (where ${minutes} > 0))::numeric, 1)`;

const toNumber = (value: string | number | null | undefined) => Number(value ?? 0);

/**
 * Attendance figures of one company, computed in SQL. The period narrows the finished cycles
 * (ticket_tracking by finished_at) and the leads (tickets by created_at); the pending and
 * in-progress counters are live, and the hourly chart is always today.
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(actor: Actor, query: DashboardQuery): Promise<DashboardDTO> {
    if (!dashboardPolicy.canView(actor)) throw forbidden();
    const companyId = actor.companyId;
    const now = this.now();
    const period = dashboardPeriod(query, now);
    const [live, cycles, leads, attendants, ticketsByHour] = await Promise.all([
      this.liveCounts(companyId),
      this.finishedCycles(companyId, period),
      this.leads(companyId, period),
      this.attendants(companyId, period),
      this.ticketsByHour(companyId, now),
    ]);
    return { ...live, ...cycles, leads, attendants, ticketsByHour };
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

  private async finishedCycles(companyId: number, period: Period) {
    const [row] = await this.db
      .select({
        finished: count(),
        avgSupportTime: averageMinutes(supportMinutes),
        avgWaitTime: averageMinutes(waitMinutes),
      })
      .from(ticketTracking)
      .where(finishedIn(companyId, period));
    return {
      supportFinished: row?.finished ?? 0,
      avgSupportTime: toNumber(row?.avgSupportTime),
      avgWaitTime: toNumber(row?.avgWaitTime),
    };
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

  /** Every user of the company with the cycles they attended that finished in the period. */
  private async attendants(companyId: number, period: Period): Promise<DashboardAttendantDTO[]> {
    const rows = await this.db
      .select({
        id: users.id,
        name: users.name,
        online: users.online,
        rating: sql<
          string | null
        >`round((avg(${ticketTracking.rating}) filter (where ${ticketTracking.rating} between 1 and 3))::numeric, 1)`,
        avgSupportTime: averageMinutes(supportMinutes),
        supportFinished: count(ticketTracking.id),
      })
      .from(users)
      .leftJoin(
        ticketTracking,
        and(eq(ticketTracking.userId, users.id), finishedIn(companyId, period)),
      )
      .where(eq(users.companyId, companyId))
      .groupBy(users.id)
      .orderBy(asc(users.name), asc(users.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      rating: toNumber(r.rating),
      avgSupportTime: toNumber(r.avgSupportTime),
      supportFinished: r.supportFinished,
      online: r.online,
    }));
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
