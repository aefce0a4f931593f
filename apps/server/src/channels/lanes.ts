import type { Config } from "../config.js";
import type { Jobs } from "../jobs/jobs.js";
import type { Logger } from "../lib/logger.js";

/** What a lane's job asks: deliver this stored message. */
export interface LaneJob {
  messageId: number;
}

/**
 * How one attempt ended: "retry" puts the job back first in line (the connection is paused);
 * "held" ends the job but stops the lane's turn too (the connection is paused).
 */
export type Attempt = "sent" | "failed" | "skipped" | "retry" | "held";

export type LaneHandler = (messageId: number, opts: { bulk: boolean }) => Promise<Attempt>;

interface ReadyLane {
  name: string;
  connectionId: number;
  companyId: number;
  bulk: boolean;
}

/** How often idle nodes look for lanes with work (a local send wakes this node at once). */
const POLL_MS = 500;
/** Jobs a lane runs in a row before its slot goes back to the scheduler. */
const LANE_TURN = 25;

/**
 * Outbound lanes: one pg-boss queue per connection for agent replies (`<prefix>.<id>`) and one
 * for bulk work (`<prefix>.<id>.bulk`), each with policy "singleton" so its messages go out one
 * at a time, in order, whichever node works it. A small scheduler per node fills at most
 * OUTBOUND_CONCURRENCY slots with ready lanes: paused connections (back-off, breaker, rate
 * limits) are skipped, so a failing connection never holds others; one company takes at most
 * 3/4 of the slots and bulk lanes at most half, so a flood cannot starve another company's
 * replies; a connection's agent lane goes before its bulk lane.
 */
export class OutboundLanes {
  private handler: LaneHandler | undefined;
  /** Lanes this node is working now, with their company. */
  private readonly running = new Map<string, ReadyLane>();
  private ticking = false;
  private again = false;
  private stopped = true;
  private poll: NodeJS.Timeout | undefined;
  private lastSweep = 0;
  private readonly idle = new Set<() => void>();
  /** Lanes another node is working: not tried again before this time. */
  private readonly busy = new Map<string, number>();

  constructor(
    private readonly jobs: Jobs,
    private readonly config: Config,
    private readonly logger: Logger,
  ) {}

  laneOf(connectionId: number, bulk: boolean): string {
    return `${this.config.OUTBOUND_QUEUE_PREFIX}.${connectionId}${bulk ? ".bulk" : ""}`;
  }

  /** Lane names only (`<prefix>.<id>` or `<prefix>.<id>.bulk`): other queues may share the prefix. */
  private get lanePattern(): string {
    return `^${this.config.OUTBOUND_QUEUE_PREFIX}\\.[0-9]+(\\.bulk)?$`;
  }

  private get concurrency(): number {
    return this.config.OUTBOUND_CONCURRENCY;
  }

  start(handler: LaneHandler): void {
    this.handler = handler;
    this.stopped = false;
    this.poll = setInterval(() => this.wake(), POLL_MS);
    this.poll.unref();
    this.wake();
  }

  /** Stops taking work and waits (briefly) for the sends in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    if (!this.running.size) return;
    await Promise.race([
      new Promise<void>((resolve) => this.idle.add(resolve)),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
  }

  /** Queues the delivery of a stored message on its connection's lane. */
  async enqueue(connectionId: number, messageId: number, bulk = false): Promise<void> {
    const name = this.laneOf(connectionId, bulk);
    await this.jobs.ensureLane(name, this.config.OUTBOUND_STALE_SECONDS);
    await this.jobs.send<LaneJob>(name, { messageId });
    this.wake();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void (async () => {
      try {
        do {
          this.again = false;
          await this.fill();
        } while (this.again && !this.stopped);
      } catch (err) {
        this.logger.warn({ err }, "outbound scheduler pass failed");
      } finally {
        this.ticking = false;
      }
    })();
  }

  private async fill(): Promise<void> {
    await this.sweepStale();
    if (this.running.size >= this.concurrency) return;
    const now = Date.now();
    for (const [name, until] of this.busy) if (until <= now) this.busy.delete(name);
    const ready = (await this.readyLanes()).filter(
      (l) => !this.running.has(l.name) && !this.busy.has(l.name),
    );
    const agentWaiting = new Set(ready.filter((l) => !l.bulk).map((l) => l.connectionId));
    const load = new Map<number, number>();
    let bulkRunning = 0;
    for (const lane of this.running.values()) {
      load.set(lane.companyId, (load.get(lane.companyId) ?? 0) + 1);
      if (lane.bulk) bulkRunning++;
      else agentWaiting.add(lane.connectionId);
    }
    // Agent lanes first, then the least served companies; ties in random order (round robin).
    const order = ready
      .map((lane) => ({ lane, tie: Math.random() }))
      .sort(
        (a, b) =>
          Number(a.lane.bulk) - Number(b.lane.bulk) ||
          (load.get(a.lane.companyId) ?? 0) - (load.get(b.lane.companyId) ?? 0) ||
          a.tie - b.tie,
      )
      .map((o) => o.lane);
    const companyCap = Math.max(1, Math.ceil((this.concurrency * 3) / 4));
    const bulkCap = Math.max(1, Math.floor(this.concurrency / 2));
    for (const lane of order) {
      if (this.running.size >= this.concurrency) break;
      if ((load.get(lane.companyId) ?? 0) >= companyCap) continue;
      if (lane.bulk && (bulkRunning >= bulkCap || agentWaiting.has(lane.connectionId))) continue;
      load.set(lane.companyId, (load.get(lane.companyId) ?? 0) + 1);
      if (lane.bulk) bulkRunning++;
      this.run(lane);
    }
  }

  /** Lanes with a job due whose connection is not paused (one query, all nodes' lanes). */
  private async readyLanes(): Promise<ReadyLane[]> {
    const prefix = this.config.OUTBOUND_QUEUE_PREFIX;
    const rows = await this.jobs.query<{ name: string; connection_id: number; company_id: number }>(
      `select l.name, c.id as connection_id, c.company_id
         from (select name from pgboss.job
                where name like $1 and name ~ $3 and state < 'active' and start_after < now()
                group by name) l
         join connections c on c.id = split_part(substr(l.name, $2), '.', 1)::int
        where (c.send_paused_until is null or c.send_paused_until <= now())
          and not exists (select 1 from pgboss.job a where a.name = l.name and a.state = 'active')`,
      [`${prefix}.%`, prefix.length + 2, this.lanePattern],
    );
    return rows.map((r) => ({
      name: r.name,
      connectionId: Number(r.connection_id),
      companyId: Number(r.company_id),
      bulk: r.name.endsWith(".bulk"),
    }));
  }

  /**
   * A send whose node died stays "active" in its lane, holding the lane: past
   * OUTBOUND_STALE_SECONDS it goes back to the queue (the sent-marker decides what then).
   */
  private async sweepStale(): Promise<void> {
    const every = Math.min(5000, (this.config.OUTBOUND_STALE_SECONDS * 1000) / 2);
    if (Date.now() - this.lastSweep < every) return;
    this.lastSweep = Date.now();
    const stale = await this.jobs.query<{ name: string; id: string }>(
      `select name, id from pgboss.job
        where name like $1 and name ~ $2 and state = 'active' and started_on + expire_in < now()`,
      [`${this.config.OUTBOUND_QUEUE_PREFIX}.%`, this.lanePattern],
    );
    for (const job of stale) {
      if (this.running.has(job.name)) continue;
      this.logger.warn({ lane: job.name, id: job.id }, "send of a lost node handed back");
      await this.jobs.fail(job.name, job.id);
    }
  }

  private run(lane: ReadyLane): void {
    this.running.set(lane.name, lane);
    void (async () => {
      try {
        for (let n = 0; n < LANE_TURN && !this.stopped; n++) {
          const job = await this.jobs.fetchOne<LaneJob>(lane.name);
          if (!job) {
            // Another node took the lane's job first: leave the lane to it for a poll.
            if (n === 0) this.busy.set(lane.name, Date.now() + POLL_MS);
            break;
          }
          const outcome = await this.handler!(job.data.messageId, { bulk: lane.bulk }).catch(
            (err: unknown): Attempt => {
              this.logger.warn({ err, lane: lane.name }, "send attempt crashed");
              return "retry";
            },
          );
          if (outcome === "retry") {
            await this.jobs.fail(lane.name, job.id);
            break;
          }
          await this.jobs.complete(lane.name, job.id);
          // Bulk work yields after each message: the agent lane may have a reply waiting.
          if (lane.bulk || outcome === "held") break;
        }
      } catch (err) {
        this.logger.warn({ err, lane: lane.name }, "outbound lane failed");
      } finally {
        this.running.delete(lane.name);
        if (!this.running.size) {
          for (const resolve of this.idle) resolve();
          this.idle.clear();
        }
        this.wake();
      }
    })();
  }
}
