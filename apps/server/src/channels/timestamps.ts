/** A provider entry we cannot store as it is; the webhook logs it with this reason and goes on. */
export class BadEntryError extends Error {}

// Below this a number is seconds (1e11 s is the year 5138; 1e11 ms is 1973).
const SECONDS_LIMIT = 1e11;
const LATEST = Date.UTC(2200, 0, 1);

/**
 * A provider timestamp in milliseconds. Providers send seconds (WhatsApp Cloud, as a numeric
 * string), milliseconds (Messenger), protobuf longs (Baileys) or ISO 8601 strings; absent gives
 * undefined, anything unreadable throws BadEntryError naming the value.
 */
export function toMillis(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  let ms: number;
  if (typeof value === "number" || typeof value === "bigint") {
    ms = scale(Number(value));
  } else if (typeof value === "string") {
    const text = value.trim();
    ms = /^-?\d+(\.\d+)?$/.test(text) ? scale(Number(text)) : Date.parse(text);
  } else if (typeof value === "object" && "low" in value && "high" in value) {
    // A protobuf Long ({low, high, unsigned}).
    const long = value as { low: number; high: number };
    ms = scale(long.high * 2 ** 32 + (long.low >>> 0));
  } else {
    throw new BadEntryError(`unreadable timestamp ${JSON.stringify(value)}`);
  }
  if (!Number.isFinite(ms) || ms <= 0 || ms > LATEST) {
    throw new BadEntryError(`unreadable timestamp ${JSON.stringify(String(value))}`);
  }
  return Math.trunc(ms);
}

/**
 * A customer message's time. An unreadable provider timestamp never costs the message: it is
 * stored at the time we receive it (`timestamp` undefined), and `timestampNote` says why for
 * the log.
 */
export function messageMillis(value: unknown): { timestamp?: number; timestampNote?: string } {
  try {
    return { timestamp: toMillis(value) };
  } catch (err) {
    if (!(err instanceof BadEntryError)) throw err;
    return { timestampNote: `${err.message}: stored at the time received` };
  }
}

function scale(n: number): number {
  return Math.abs(n) < SECONDS_LIMIT ? n * 1000 : n;
}
