import { and, eq, lt } from "drizzle-orm";
import { PRESENCE_OFFLINE_AFTER_MS } from "@atrium/shared";
import type { Db } from "../db/client.js";
import type { Logger } from "../lib/logger.js";
import { users } from "../db/schema/index.js";
import type { Publisher } from "./publish.js";

type UserRow = typeof users.$inferSelect;

export interface PresenceTiming {
  /**
   * How long a user whose last socket closed has to come back before being marked offline: a
   * reconnect (network blip, server restart, a thousand agents at once) must not make everyone
   * flap offline and online in every colleague's browser.
   */
  offlineGraceMs: number;
  /** Changes gathered before they are announced (one event per company for a burst). */
  announceBatchMs: number;
}

export const PRESENCE_TIMING: PresenceTiming = { offlineGraceMs: 30_000, announceBatchMs: 200 };

/**
 * Online/offline of users. A user is online while their client announces itself (userStatus,
 * every 5 minutes); offline when their last socket has been closed for the grace period, or
 * after missed announcements.
 */
export class Presence {
  /** Tests shorten the grace. */
  readonly timing: PresenceTiming = { ...PRESENCE_TIMING };
  private readonly leaving = new Map<number, NodeJS.Timeout>();
  private readonly changed = new Map<number, UserRow>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly logger?: Logger,
  ) {}

  /** The user announced themselves: refresh lastSeenAt; announce only a change to online. */
  async seen(userId: number): Promise<void> {
    const now = new Date();
    // Nearly always already online: one statement.
    const refreshed = await this.db
      .update(users)
      .set({ lastSeenAt: now })
      .where(and(eq(users.id, userId), eq(users.online, true)))
      .returning({ id: users.id });
    if (refreshed.length) return;
    const rows = await this.db
      .update(users)
      .set({ online: true, lastSeenAt: now })
      .where(and(eq(users.id, userId), eq(users.online, false)))
      .returning();
    this.announce(rows);
  }

  /** A socket of the user opened on this node: a pending offline is called off. */
  connected(userId: number): void {
    clearTimeout(this.leaving.get(userId));
    this.leaving.delete(userId);
  }

  /**
   * The user's last socket on this node closed. After the grace period (none when their session
   * ended), if no node holds a socket of theirs (`stillConnected`), they go offline.
   */
  disconnected(
    userId: number,
    stillConnected: () => Promise<boolean>,
    graceMs = this.timing.offlineGraceMs,
  ): void {
    clearTimeout(this.leaving.get(userId));
    const timer = setTimeout(() => {
      this.leaving.delete(userId);
      stillConnected()
        .then((yes) => (yes ? undefined : this.offline(userId)))
        // The sweep settles a user left online here.
        .catch((err) => this.logger?.warn({ err, userId }, "presence: offline failed"));
    }, graceMs);
    timer.unref();
    this.leaving.set(userId, timer);
  }

  async offline(userId: number): Promise<void> {
    const rows = await this.db
      .update(users)
      .set({ online: false })
      .where(and(eq(users.id, userId), eq(users.online, true)))
      .returning();
    this.announce(rows);
  }

  /** Marks offline everyone who stopped announcing; every node may run it, it is idempotent. */
  async sweep(now = Date.now()): Promise<number> {
    const rows = await this.db
      .update(users)
      .set({ online: false })
      .where(
        and(
          eq(users.online, true),
          lt(users.lastSeenAt, new Date(now - PRESENCE_OFFLINE_AFTER_MS)),
        ),
      )
      .returning();
    this.announce(rows);
    return rows.length;
  }

  /** Nothing is waiting: no user leaving, no announcement gathered (tests wait on it). */
  get idle(): boolean {
    return this.leaving.size === 0 && this.flushTimer === undefined && this.changed.size === 0;
  }

  /** Pending timers go with the node (the sweep settles users it left online). */
  stop(): void {
    for (const timer of this.leaving.values()) clearTimeout(timer);
    this.leaving.clear();
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }

  private announce(rows: UserRow[]): void {
    for (const row of rows) this.changed.set(row.id, row);
    if (this.changed.size === 0 || this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, this.timing.announceBatchMs);
    this.flushTimer.unref();
  }

  /**
   * One small event per company for the whole batch: when a thousand agents come back at once,
   * each browser hears one event, not a thousand full user records.
   */
  private flush(): void {
    const byCompany = new Map<number, { id: number; online: boolean }[]>();
    for (const row of this.changed.values()) {
      const list = byCompany.get(row.companyId) ?? [];
      list.push({ id: row.id, online: row.online });
      byCompany.set(row.companyId, list);
    }
    this.changed.clear();
    for (const [companyId, list] of byCompany) this.publisher.presenceChanged(companyId, list);
  }
}
