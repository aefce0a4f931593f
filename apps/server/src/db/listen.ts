import { randomUUID } from "node:crypto";
import pg from "pg";

/** A channel being listened to: `live` says notices are arriving now. */
export interface Listening {
  readonly live: boolean;
  /** The PostgreSQL backend listening now (none on PGlite, or while not live). */
  readonly backendPid?: number;
  close(): Promise<void>;
}

export interface ListenHandlers {
  /** A notice's payload. */
  notice(payload: string): void;
  /**
   * Notices may have been missed (the connection dropped, or listening just began again):
   * whatever was learnt from earlier notices is no longer sure.
   */
  gap(): void;
  /** A failure of the listening connection (it is tried again). */
  error?(err: unknown): void;
}

const CONNECT_TIMEOUT_MS = 5_000;
const PROBE_TIMEOUT_MS = 3_000;
/** Payloads this module sends itself, to check the connection hears notices. */
const PROBE_PREFIX = "probe:";
const RETRY_FIRST_MS = 250;

/** A listener's own check that it hears notices, not a notice for the handlers. */
export const isProbe = (payload: string): boolean => payload.startsWith(PROBE_PREFIX);
const RETRY_MAX_MS = 10_000;

/**
 * LISTEN on its own PostgreSQL connection (a pooled one may be handed to anyone), connected
 * again with a growing pause (250 ms doubling to 10 s) for as long as it is not closed. When it
 * stops being live, and again when it is live once more, handlers hear of the gap. It answers
 * after its first try, live or not.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listening> {
  const onError = (err: unknown) => handlers.error?.(err);
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;

  /** One try; a failed one tries again later, in the background. */
  const connect = async (attempt: number): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    c.on("error", onError);
    try {
      await c.connect();
      const probe = `${PROBE_PREFIX}${randomUUID()}`;
      let probed!: () => void;
      const heard = new Promise<void>((resolve) => (probed = resolve));
      c.on("notification", (n) => {
        if (n.channel !== channel) return;
        const payload = n.payload ?? "";
        if (isProbe(payload)) {
          if (payload === probe) probed();
        } else handlers.notice(payload);
      });
      c.once("end", () => {
        live = false;
        handlers.gap();
        if (!closed) void connect(0);
      });
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      // A notice of its own must come back: behind a pooler in transaction mode it would not,
      // and a listener that hears nothing must not pass for live.
      await c.query("select pg_notify($1, $2)", [channel, probe]);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        heard,
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`LISTEN ${channel}: its own notice never came back`)),
            PROBE_TIMEOUT_MS,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      live = true;
      handlers.gap();
    } catch (err) {
      onError(err);
      c.removeAllListeners("end");
      await c.end().catch(() => undefined);
      const pause = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(attempt, 10));
      setTimeout(() => void connect(attempt + 1), pause).unref();
    }
  };

  await connect(0);
  return {
    get live() {
      return live;
    },
    get backendPid() {
      return live
        ? (client as unknown as { processID?: number } | undefined)?.processID
        : undefined;
    },
    async close() {
      closed = true;
      live = false;
      await client?.end().catch(() => undefined);
    },
  };
}
