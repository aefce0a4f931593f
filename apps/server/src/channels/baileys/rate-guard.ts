/** How fast one WhatsApp number may send one kind of message. */
export interface GuardRule {
  /** Random pause between two sends of the number, [min, max] ms. */
  gapMs: readonly [number, number];
  /** At most this many sends of this kind in any 60 s. */
  perMinute: number;
}

export interface GuardClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  random(): number;
}

const realClock: GuardClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
};

interface NumberState {
  /** When the number's last send went out (any kind). */
  last: number;
  /** Send times in the last minute, per kind. */
  reply: number[];
  bulk: number[];
  /** Sends of the number take their turn one after another. */
  queue: Promise<void>;
}

const MINUTE = 60_000;

/**
 * The send-rate guard of unofficial WhatsApp numbers (Baileys). WhatsApp bans numbers that
 * send like machines: a number waits a random pause after each send and keeps under a
 * per-minute cap — lightly for agent replies (defaults 300–1200 ms, 30 a minute: a fast typist
 * never notices), strictly for bulk work (6–15 s, 6 a minute: what a cautious operator of
 * campaigns chooses). Kept per number on the node that owns its session (a session runs on one
 * node only, so the guard sees every send of the number).
 */
export class RateGuard {
  private readonly numbers = new Map<number, NumberState>();

  constructor(
    private readonly rules: { reply: GuardRule; bulk: GuardRule },
    private readonly clock: GuardClock = realClock,
  ) {}

  /** How long a send of this kind must wait now (0: at once). */
  delayFor(connectionId: number, bulk: boolean, gap = this.gap(bulk)): number {
    const state = this.numbers.get(connectionId);
    if (!state) return 0;
    const now = this.clock.now();
    const rule = bulk ? this.rules.bulk : this.rules.reply;
    const window = (bulk ? state.bulk : state.reply).filter((t) => now - t < MINUTE);
    const byGap = state.last + gap - now;
    const byCap = window.length >= rule.perMinute ? window[0]! + MINUTE - now : 0;
    return Math.max(0, byGap, byCap);
  }

  /** Waits for the number's turn under its rule, then counts the send (call right before it). */
  async turn(connectionId: number, bulk: boolean): Promise<void> {
    const state = this.stateOf(connectionId);
    const mine = state.queue.then(async () => {
      const wait = this.delayFor(connectionId, bulk);
      if (wait > 0) await this.clock.sleep(wait);
      const now = this.clock.now();
      state.last = now;
      const kind = bulk ? "bulk" : "reply";
      state[kind] = [...state[kind].filter((t) => now - t < MINUTE), now];
    });
    state.queue = mine.catch(() => undefined);
    await mine;
  }

  private gap(bulk: boolean): number {
    const [min, max] = (bulk ? this.rules.bulk : this.rules.reply).gapMs;
    return min + Math.round(this.clock.random() * (max - min));
  }

  private stateOf(connectionId: number): NumberState {
    let state = this.numbers.get(connectionId);
    if (!state) {
      state = { last: -Infinity, reply: [], bulk: [], queue: Promise.resolve() };
      this.numbers.set(connectionId, state);
    }
    return state;
  }
}
