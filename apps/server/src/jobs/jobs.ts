import PgBoss from "pg-boss";
import type { Database } from "../db/client.js";
import { isUniqueViolation } from "../lib/errors.js";
import type { Logger } from "../lib/logger.js";

export interface JobOptions {
  startAfter?: Date;
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  singletonKey?: string;
  /**
   * Queue policy (register only). "short": at most one queued job per singletonKey, so sending
   * the same key again is a no-op (answers null) while one waits.
   */
  policy?: "standard" | "short" | "singleton" | "stately";
  /**
   * Jobs of this queue this node runs at once (register only; default 1). A queue whose jobs
   * work for long (a campaign's run) needs several, or one company's job holds everyone's.
   */
  workers?: number;
}

export interface JobContext {
  id: string;
  retryCount: number;
  retryLimit: number;
  /** True when this is the last try: the handler records the failure for good. */
  lastTry: boolean;
}

type Handler<T> = (data: T, job: JobContext) => Promise<void>;

/**
 * Durable jobs on pg-boss, in the same database (PGlite or PostgreSQL). Anything that must
 * happen later or be retried goes here, so it survives restarts and runs once across nodes.
 */
export class Jobs {
  private boss: PgBoss;
  private readonly workers = new Map<string, string>();
  private readonly lanes = new Set<string>();
  private started = false;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {
    this.boss = this.createBoss();
  }

  private createBoss(): PgBoss {
    const boss = new PgBoss({
      db: { executeSql: this.database.executeSql } as never,
      schedule: false,
      supervise: true,
      maintenanceIntervalSeconds: 120,
    });
    boss.on("error", (err) => this.logger.warn({ err }, "job queue error"));
    return boss;
  }

  async start(): Promise<void> {
    if (this.started) return;
    try {
      await this.boss.start();
    } catch (err) {
      // Nodes starting together on a fresh database both install pg-boss's schema; the loser
      // sees a pg_namespace unique violation. The schema exists now: start a fresh instance
      // (a failed PgBoss stays "starting" forever).
      if (!isUniqueViolation(err)) throw err;
      this.logger.info("job queue schema installed by another node; starting again");
      this.boss = this.createBoss();
      await this.boss.start();
    }
    this.started = true;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    // Running handlers get a moment to finish before the database goes away.
    await this.boss
      .stop({ graceful: true, timeout: 3000, wait: true, close: false })
      .catch(() => undefined);
  }

  async register<T extends object>(
    name: string,
    handler: Handler<T>,
    defaults: JobOptions = {},
  ): Promise<void> {
    await this.createQueue(name, {
      name,
      retryLimit: defaults.retryLimit ?? 5,
      retryDelay: defaults.retryDelay ?? 2,
      retryBackoff: defaults.retryBackoff ?? true,
      ...(defaults.policy && { policy: defaults.policy }),
    });
    for (let i = 0; i < (defaults.workers ?? 1); i++) {
      const workerId = await this.boss.work<T>(
        name,
        { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const meta = job as unknown as { retryCount: number; retryLimit: number };
          await handler(job.data, {
            id: job.id,
            retryCount: meta.retryCount,
            retryLimit: meta.retryLimit,
            lastTry: meta.retryCount >= meta.retryLimit,
          }).catch((err) => {
            this.logger.warn({ err, job: name, id: job.id }, "job failed");
            throw err;
          });
        },
      );
      // A send wakes the first one; the others find the rest at their next poll.
      if (i === 0) this.workers.set(name, workerId);
    }
  }

  /**
   * pg-boss gives each queue a partition of its job table; nodes booting together and creating
   * queues at once can deadlock on that table (PostgreSQL picks one victim). The victim retries.
   */
  private async createQueue(name: string, options: Parameters<PgBoss["createQueue"]>[1]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.boss.createQueue(name, options);
      } catch (err) {
        const deadlock = (err as { code?: string }).code === "40P01";
        if (!deadlock || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
      }
    }
  }

  /** Creates a queue another node works on (sending to a queue that does not exist fails). */
  async ensureQueue(name: string, options: JobOptions = {}): Promise<void> {
    await this.createQueue(name, {
      name,
      retryLimit: options.retryLimit ?? 0,
      retryDelay: options.retryDelay ?? 2,
      retryBackoff: options.retryBackoff ?? true,
    });
  }

  async send<T extends object>(
    name: string,
    data: T,
    options: JobOptions = {},
  ): Promise<string | null> {
    const id = await this.boss.send(name, data, options);
    // Wake this node's worker now instead of at its next poll.
    const worker = this.workers.get(name);
    if (worker && !options.startAfter) this.boss.notifyWorker(worker);
    return id;
  }

  /**
   * A send lane (channels/lanes.ts): policy "singleton" keeps one job active at a time, so the
   * lane's jobs run one after another in order across nodes. Failures are retried at once and
   * without limit: the lane's connection carries the back-off, so the retried job stays first.
   */
  async ensureLane(name: string, staleSeconds: number): Promise<void> {
    if (this.lanes.has(name)) return;
    await this.createQueue(name, {
      name,
      policy: "singleton",
      retryLimit: 1_000_000,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: staleSeconds,
    });
    this.lanes.add(name);
  }

  /** The lane's next job, made active (none while another node works the lane). */
  async fetchOne<T>(name: string): Promise<{ id: string; data: T } | null> {
    const [job] = await this.boss.fetch<T>(name, { batchSize: 1 });
    return job ? { id: job.id, data: job.data } : null;
  }

  async complete(name: string, id: string): Promise<void> {
    await this.boss.complete(name, id);
  }

  /** Back to the queue, first in line (retried at once; the lane's pause keeps it waiting). */
  async fail(name: string, id: string): Promise<void> {
    await this.boss.fail(name, id);
  }

  /** A query on pg-boss's tables (lane discovery); `$1`… parameters. */
  async query<T>(text: string, values: unknown[]): Promise<T[]> {
    const result = await this.database.executeSql(text, values);
    return result.rows as T[];
  }

  /** Cancels a job that has not run yet (a no-op for one already done or running). */
  async cancel(name: string, id: string): Promise<void> {
    await this.boss.cancel(name, id).catch(() => undefined);
  }
}
