import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, backoffDelay, isRetryable, Outbox, type OutboxJob } from "./retry";
import type { VisitorMessage } from "./types";

const policy = { baseMs: 1000, maxMs: 30_000, factor: 2, jitter: 0.2 };
const noJitter = () => 0.5;

describe("backoffDelay", () => {
  it("doubles from the base up to the cap", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffDelay(n, policy, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it("spreads by ± jitter and never exceeds the cap", () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(800);
    expect(backoffDelay(1, policy, () => 0.999999)).toBe(1200);
    expect(backoffDelay(10, policy, () => 0.999999)).toBe(30000);
    expect(backoffDelay(0, policy, noJitter)).toBe(1000);
  });
});

describe("isRetryable", () => {
  it("retries network errors, server errors, timeouts and rate limits only", () => {
    expect(isRetryable(new TypeError("Failed to fetch"))).toBe(true);
    expect(isRetryable(new ApiError(0, "ERR_NETWORK"))).toBe(true);
    expect(isRetryable(new ApiError(502))).toBe(true);
    expect(isRetryable(new ApiError(429))).toBe(true);
    expect(isRetryable(new ApiError(408))).toBe(true);
    expect(isRetryable(new ApiError(400, "ERR_VALIDATION"))).toBe(false);
    expect(isRetryable(new ApiError(401, "ERR_SESSION_EXPIRED"))).toBe(false);
    expect(isRetryable(new ApiError(413))).toBe(false);
  });
});

const answer = (job: OutboxJob, id: number): VisitorMessage => ({
  id,
  author: "visitor",
  body: job.body,
  mediaType: "chat",
  mediaUrl: null,
  mimeType: null,
  mediaInline: false,
  fileName: null,
  isDeleted: false,
  createdAt: new Date().toISOString(),
});

describe("Outbox", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup(
    results: (VisitorMessage | Error | ((job: OutboxJob) => VisitorMessage | Error))[],
  ) {
    const calls: OutboxJob[] = [];
    const events: string[] = [];
    let n = 0;
    const outbox = new Outbox({
      policy,
      random: noJitter,
      send: (job) => {
        calls.push(job);
        const r = results[n++] ?? answer(job, 100 + n);
        const v = typeof r === "function" ? r(job) : r;
        return v instanceof Error ? Promise.reject(v) : Promise.resolve(v);
      },
      onSent: (job, m) => events.push(`sent ${job.clientId} #${m.id}`),
      onStatus: (job, s) => events.push(`${s} ${job.clientId}`),
      onFailed: (job, err) => events.push(`failed ${job.clientId} ${(err as ApiError).status}`),
    });
    return { outbox, calls, events };
  }

  it("retries a failed send with backoff under the same clientId", async () => {
    const offline = new ApiError(0, "ERR_NETWORK");
    const { outbox, calls, events } = setup([offline, offline, (job) => answer(job, 7)]);
    outbox.add({ clientId: "c1", body: "hi" });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(events).toEqual(["sending c1", "retrying c1"]);

    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2); // after 1 s
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3); // after 2 s more
    expect(calls.map((c) => c.clientId)).toEqual(["c1", "c1", "c1"]);
    expect(events.at(-1)).toBe("sent c1 #7");
    expect(outbox.size).toBe(0);
  });

  it("sends in order: later messages wait behind a retrying one", async () => {
    const { outbox, calls, events } = setup([new ApiError(503)]);
    outbox.add({ clientId: "a", body: "1" });
    outbox.add({ clientId: "b", body: "2" });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.clientId)).toEqual(["a"]);
    expect(events).toContain("retrying b");
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.map((c) => c.clientId)).toEqual(["a", "a", "b"]);
    expect(events.filter((e) => e.startsWith("sent"))).toEqual(["sent a #102", "sent b #103"]);
  });

  it("retryNow skips the wait", async () => {
    const { outbox, calls } = setup([new ApiError(0)]);
    outbox.add({ clientId: "a", body: "1" });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    outbox.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
    expect(outbox.size).toBe(0);
  });

  it("gives up at once on a non-retryable error and goes on with the next", async () => {
    const { outbox, calls, events } = setup([new ApiError(400, "ERR_VALIDATION")]);
    outbox.add({ clientId: "a", body: "1" });
    outbox.add({ clientId: "b", body: "2" });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.clientId)).toEqual(["a", "b"]);
    expect(events).toContain("failed a 400");
    expect(events).toContain("sent b #102");
  });

  it("clear drops the queue and stops retrying", async () => {
    const { outbox, calls } = setup([new ApiError(0)]);
    outbox.add({ clientId: "a", body: "1" });
    await vi.advanceTimersByTimeAsync(0);
    outbox.clear();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(outbox.size).toBe(0);
  });
});
