import { describe, expect, it } from "vitest";
import { AttemptLimiter, LoginGuard } from "./attempts.js";

describe("AttemptLimiter", () => {
  it("refuses past the limit and forgets hits older than the window", () => {
    const limiter = new AttemptLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) limiter.fail("a", 1_000 + i);
    expect(limiter.retryAfterMs("a", 2_000)).toBe(1_000 + 60_000 - 2_000);
    expect(limiter.retryAfterMs("b", 2_000)).toBe(0);
    expect(limiter.retryAfterMs("a", 1_000 + 60_000)).toBe(0);
  });

  it("keys rotated by an attacker stay bounded, and sweeping is not paid on every failure", () => {
    const limiter = new AttemptLimiter(10, 15 * 60_000);
    const now = 1_000_000;
    for (let i = 0; i < 100_000; i++) limiter.fail(`k${i}`, now);
    expect(limiter.size).toBe(100_000);
    limiter.fail("one-more", now);
    // All keys are live: the oldest go, down to three quarters (never the newest).
    expect(limiter.size).toBe(75_000);
    expect(limiter.count("one-more", now)).toBe(1);
    expect(limiter.count("k0", now)).toBe(0);
    // The next 25,000 failures are plain inserts: the map only grows again to its threshold.
    for (let i = 0; i < 24_999; i++) limiter.fail(`n${i}`, now);
    expect(limiter.size).toBe(99_999);
  });

  it("expired keys are the first to go", () => {
    const limiter = new AttemptLimiter(10, 1_000);
    for (let i = 0; i < 100_000; i++) limiter.fail(`old${i}`, 0);
    limiter.fail("fresh", 5_000);
    expect(limiter.size).toBe(1);
  });
});

describe("LoginGuard", () => {
  it("slows an email down past its free failures without refusing its owner's address", () => {
    const guard = new LoginGuard();
    for (let i = 0; i < 12; i++) guard.failed("ana@x.test", `10.0.0.${i}`, 1_000);
    expect(guard.delayMs("ana@x.test", 1_000)).toBe(1_500);
    expect(guard.retryAfterSeconds("ana@x.test", "10.0.0.99", 1_000)).toBe(0);
  });
});
