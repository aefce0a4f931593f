import { isIPv6 } from "node:net";

/** Keys kept before a sweep; a sweep leaves at most KEEP_KEYS (the oldest live keys go). */
const SWEEP_AT_KEYS = 100_000;
const KEEP_KEYS = 75_000;

/**
 * Counts failed attempts per key in a sliding window (per node, in memory). The map is swept
 * when it grows, so an attacker rotating keys cannot exhaust memory; each sweep frees a quarter
 * of the map, so sweeps stay rare (a sweep that freed nothing would run again on every failure).
 */
export class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  count(key: string, now = Date.now()): number {
    return this.recent(key, now).length;
  }

  /** Milliseconds until `key` is below the limit again (0 when it is already). */
  retryAfterMs(key: string, now = Date.now()): number {
    const list = this.recent(key, now);
    if (list.length < this.max) return 0;
    // The window must forget enough of the oldest hits to leave room for one more attempt.
    return list[list.length - this.max]! + this.windowMs - now;
  }

  fail(key: string, now = Date.now()): void {
    const list = this.recent(key, now);
    list.push(now);
    this.hits.delete(key);
    this.hits.set(key, list);
    if (this.hits.size > SWEEP_AT_KEYS) this.sweep(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  /** Keys held now (for tests and metrics). */
  get size(): number {
    return this.hits.size;
  }

  private sweep(now: number): void {
    for (const key of [...this.hits.keys()]) this.recent(key, now);
    // Still too many live keys: forget the least recently failed (insertion order).
    for (const key of this.hits.keys()) {
      if (this.hits.size <= KEEP_KEYS) break;
      this.hits.delete(key);
    }
  }

  private recent(key: string, now: number): number[] {
    const list = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (list.length === 0) this.hits.delete(key);
    return list;
  }
}

export interface LoginGuardOptions {
  /** Failed logins per (email, client address) in the window before that pair is refused. */
  maxPerClient: number;
  /** Failed logins per email (from any address) in the window answered without delay. */
  freePerEmail: number;
  /** Delay added per failure beyond freePerEmail … */
  stepMs: number;
  /** … up to this much: an attacker slows the account down, never locks its owner out. */
  maxDelayMs: number;
  windowMs: number;
}

export const LOGIN_GUARD_DEFAULTS: LoginGuardOptions = {
  maxPerClient: 10,
  freePerEmail: 10,
  stepMs: 500,
  maxDelayMs: 5_000,
  windowMs: 15 * 60_000,
};

/**
 * Password guessing: the strict limit is per (email, client address), so an attacker locks
 * only themselves out; per email (any address) failures beyond a threshold slow every login
 * of that account down, which bounds distributed guessing without refusing its owner.
 */
export class LoginGuard {
  private readonly perClient: AttemptLimiter;
  private readonly perEmail: AttemptLimiter;

  constructor(readonly options: LoginGuardOptions = LOGIN_GUARD_DEFAULTS) {
    this.perClient = new AttemptLimiter(options.maxPerClient, options.windowMs);
    this.perEmail = new AttemptLimiter(Number.MAX_SAFE_INTEGER, options.windowMs);
  }

  /** Whole seconds this client must wait before trying this email again; 0 = go ahead. */
  retryAfterSeconds(email: string, client: string, now = Date.now()): number {
    return Math.ceil(this.perClient.retryAfterMs(pairKey(email, client), now) / 1000);
  }

  /** How long to hold an attempt on this email before checking its password. */
  delayMs(email: string, now = Date.now()): number {
    const { freePerEmail, stepMs, maxDelayMs } = this.options;
    const beyond = this.perEmail.count(email, now) - freePerEmail + 1;
    return beyond > 0 ? Math.min(beyond * stepMs, maxDelayMs) : 0;
  }

  failed(email: string, client: string, now = Date.now()): void {
    this.perClient.fail(pairKey(email, client), now);
    this.perEmail.fail(email, now);
  }

  /** The owner got in: their address starts afresh; the account's slow-down stays. */
  succeeded(email: string, client: string): void {
    this.perClient.reset(pairKey(email, client));
  }
}

const pairKey = (email: string, client: string) => `${email}\n${client}`;

/**
 * The key rate limits count a client by: its IPv4 address, or the /64 network of an IPv6
 * one (a single host is usually given a whole /64, so rotating within it changes nothing).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split("%")[0]!;
  if (!isIPv6(address)) return ip;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) =>
    part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : [];
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const full = [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
