import { eq, sql } from "drizzle-orm";
import { incidentReason } from "@atrium/shared";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { connections } from "../db/schema/index.js";
import { AppError } from "../lib/errors.js";
import { SendUnavailableError, type ConnectionRow } from "./channel.js";

/** Consecutive transport failures that trip the breaker (a rejected token trips it at once). */
export const BREAKER_THRESHOLD = 3;
/** Pause after a provider rate limit that gave no Retry-After. */
export const RATE_LIMIT_PAUSE_MS = 60_000;

/** Where a tripped breaker or a recovery is reported (ConnectionAlerts). */
export interface IncidentSink {
  raise(connection: ConnectionRow, reason: string): Promise<void>;
  resolve(connection: ConnectionRow): Promise<void>;
}

/** Exponential back-off with jitter: base·2^(n-1), capped, then 50–100 % of it. */
export function backoffMs(failures: number, baseMs: number, maxMs: number, random = Math.random) {
  const full = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, failures - 1)));
  return Math.round(full * (0.5 + random() * 0.5));
}

/** What kind of failure an adapter's error is (unknown errors count as transport failures). */
export function failureOf(err: unknown): SendUnavailableError {
  if (err instanceof SendUnavailableError) return err;
  const text =
    err instanceof AppError ? `${err.code}: ${err.message}` : (err as Error)?.message || "unknown";
  return new SendUnavailableError(text, "transport");
}

/**
 * The circuit breaker of a connection's sends. Its state lives on the connection row
 * (send_failures, send_paused_until, degraded), so every node's scheduler respects it: a failed
 * send pauses the connection's lanes with back-off; BREAKER_THRESHOLD transport failures in a
 * row (or a rejected token) mark it degraded and raise an incident; the first success after
 * the pause (the probe) closes it again.
 */
export class SendHealth {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly incidents: IncidentSink,
  ) {}

  async succeeded(connection: ConnectionRow): Promise<void> {
    if (!connection.sendFailures && !connection.degraded && !connection.sendPausedUntil) return;
    const [row] = await this.db
      .update(connections)
      .set({ sendFailures: 0, sendPausedUntil: null, degraded: false })
      .where(eq(connections.id, connection.id))
      .returning();
    if (connection.degraded && row) await this.incidents.resolve(row);
  }

  /** Records a failed send and pauses the connection; answers the pause in ms. */
  async failed(connection: ConnectionRow, err: unknown): Promise<number> {
    const failure = failureOf(err);
    const [counted] = await this.db
      .update(connections)
      .set({ sendFailures: sql`${connections.sendFailures} + 1` })
      .where(eq(connections.id, connection.id))
      .returning({ failures: connections.sendFailures, degraded: connections.degraded });
    const failures = counted?.failures ?? 1;
    let pause =
      failure.kind === "rate"
        ? (failure.retryAfterMs ?? RATE_LIMIT_PAUSE_MS)
        : backoffMs(failures, this.config.OUTBOUND_BACKOFF_MS, this.config.OUTBOUND_BACKOFF_MAX_MS);
    if (failure.retryAfterMs !== undefined) pause = Math.max(pause, failure.retryAfterMs);
    const trip =
      failure.kind === "auth" || (failure.kind === "transport" && failures >= BREAKER_THRESHOLD);
    const [row] = await this.db
      .update(connections)
      .set({
        sendPausedUntil: sql`now() + ${`${pause} milliseconds`}::interval`,
        ...(trip && { degraded: true }),
      })
      .where(eq(connections.id, connection.id))
      .returning();
    if (trip && row && !counted?.degraded) {
      const code = failure.kind === "auth" ? "tokenRejected" : "sendFailing";
      await this.incidents.raise(row, incidentReason(code, failure.message));
    }
    return pause;
  }
}
