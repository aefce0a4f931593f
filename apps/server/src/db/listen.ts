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
}

const CONNECT_TIMEOUT_MS = 5_000;
const RETRY_FIRST_MS = 250;
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
  onError: (err: unknown) => void = () => undefined,
): Promise<Listening> {
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
      c.on("notification", (n) => {
        if (n.channel === channel) handlers.notice(n.payload ?? "");
      });
      c.once("end", () => {
        live = false;
        handlers.gap();
        if (!closed) void connect(0);
      });
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
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
