import { describe, expect, it } from "vitest";
import { RateGuard, type GuardClock } from "./rate-guard.js";

/** A clock that only moves when the guard sleeps: waits are read, never lived. */
function manualClock(random = 0.5) {
  const slept: number[] = [];
  let now = 1_000_000;
  const clock: GuardClock = {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    random: () => random,
  };
  return { clock, slept, advance: (ms: number) => (now += ms) };
}

const rules = {
  reply: { gapMs: [300, 1200] as const, perMinute: 30 },
  bulk: { gapMs: [6000, 15000] as const, perMinute: 6 },
};

describe("Baileys send-rate guard", () => {
  it("lets a number's first send go at once, then spaces its sends by a random gap in range", async () => {
    const { clock, slept } = manualClock(0.5);
    const guard = new RateGuard(rules, clock);
    await guard.turn(1, false);
    await guard.turn(1, false);
    await guard.turn(1, true);
    // 300 + 0.5·900 after a reply; 6000 + 0.5·9000 before a bulk send.
    expect(slept).toEqual([750, 10_500]);
  });

  it("keeps bulk sends under their per-minute cap", async () => {
    const { clock, slept } = manualClock(0);
    const guard = new RateGuard(rules, clock);
    for (let i = 0; i < 7; i++) await guard.turn(1, true);
    // Six sends 6 s apart, the seventh waits for the first to leave the minute.
    expect(slept).toEqual([6000, 6000, 6000, 6000, 6000, 30_000]);
  });

  it("keeps replies under theirs, and numbers apart", async () => {
    const { clock, slept } = manualClock(0);
    const guard = new RateGuard({ ...rules, reply: { gapMs: [0, 0], perMinute: 2 } }, clock);
    await guard.turn(1, false);
    await guard.turn(1, false);
    await guard.turn(2, false);
    expect(slept).toEqual([]);
    await guard.turn(1, false);
    expect(slept).toEqual([60_000]);
  });

  it("takes concurrent sends of one number one after another", async () => {
    const { clock, slept } = manualClock(1);
    const guard = new RateGuard(rules, clock);
    await Promise.all([guard.turn(1, false), guard.turn(1, false), guard.turn(1, false)]);
    expect(slept).toEqual([1200, 1200]);
  });
});
