import type { VisitorMessage } from "./types";

export interface BackoffPolicy {
  /** Delay before the first retry. */
  baseMs: number;
  /** Longest delay between two attempts. */
  maxMs: number;
  factor: number;
  /** ± fraction of the delay drawn at random, so many visitors do not retry in step. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  baseMs: 1000,
  maxMs: 30_000,
  factor: 2,
  jitter: 0.2,
};

/** Delay before retry number `attempt` (1 = first retry): exponential, capped, with jitter. */
export function backoffDelay(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const n = Math.max(1, Math.floor(attempt));
  const raw = Math.min(policy.maxMs, policy.baseMs * policy.factor ** (n - 1));
  const spread = raw * policy.jitter * (random() * 2 - 1);
  return Math.max(0, Math.round(Math.min(policy.maxMs, raw + spread)));
}

/** An HTTP error answer (status 0: no answer at all — offline, DNS, timeout). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code?: string,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? code ?? `HTTP ${status}`);
    this.name = "ApiError";
  }
}

/** Worth trying again: no answer, a server error, a timeout or rate limiting. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status === 0 || err.status >= 500 || err.status === 408 || err.status === 429;
}

export interface OutboxJob {
  clientId: string;
  body: string;
  file?: File;
}

export interface OutboxOptions {
  send: (job: OutboxJob) => Promise<VisitorMessage>;
  onSent: (job: OutboxJob, message: VisitorMessage) => void;
  /** sending: an attempt is due or running; retrying: the last attempt failed and another is scheduled. */
  onStatus: (job: OutboxJob, status: "sending" | "retrying") => void;
  /** Not retryable (validation, session expired …): the job leaves the queue. */
  onFailed: (job: OutboxJob, err: unknown) => void;
  policy?: BackoffPolicy;
  random?: () => number;
  retryable?: (err: unknown) => boolean;
}

/**
 * The visitor's messages on their way, sent one at a time in order. A failed attempt is retried
 * with backoff under the same clientId (the server deduplicates), holding the later messages
 * back so the conversation keeps its order.
 */
export class Outbox {
  private queue: (OutboxJob & { attempts: number })[] = [];
  private inFlight = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly opts: OutboxOptions) {}

  get size(): number {
    return this.queue.length;
  }

  has(clientId: string): boolean {
    return this.queue.some((j) => j.clientId === clientId);
  }

  add(job: OutboxJob): void {
    this.stopped = false;
    this.queue.push({ ...job, attempts: 0 });
    this.opts.onStatus(job, "sending");
    this.pump();
  }

  /** Skip the wait (back online, socket reconnected): try the head of the queue now. */
  retryNow(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pump();
  }

  /** Drop everything (the visitor's session ended). */
  clear(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }

  private pump(): void {
    if (this.inFlight || this.timer !== undefined || this.stopped) return;
    const job = this.queue[0];
    if (!job) return;
    this.inFlight = true;
    job.attempts++;
    const { attempts: _attempts, ...plain } = job;
    this.opts.send(plain).then(
      (message) => {
        this.inFlight = false;
        if (this.stopped || this.queue[0] !== job) return;
        this.queue.shift();
        this.opts.onSent(plain, message);
        this.pump();
      },
      (err: unknown) => {
        this.inFlight = false;
        if (this.stopped || this.queue[0] !== job) return;
        const retryable = (this.opts.retryable ?? isRetryable)(err);
        if (!retryable) {
          this.queue.shift();
          this.opts.onFailed(plain, err);
          this.pump();
          return;
        }
        for (const waiting of this.queue) {
          const { attempts: _a, ...w } = waiting;
          this.opts.onStatus(w, "retrying");
        }
        const delay = backoffDelay(job.attempts, this.opts.policy, this.opts.random);
        this.timer = setTimeout(() => {
          this.timer = undefined;
          this.pump();
        }, delay);
      },
    );
  }
}
