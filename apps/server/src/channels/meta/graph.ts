/**
 * A small client of Meta's Graph API (Messenger, Instagram and WhatsApp Cloud share it). The base
 * URL comes from GRAPH_API_URL, so tests point it at a local fake (test/fake-graph.ts).
 */
export class GraphError extends Error {
  constructor(
    message: string,
    /** HTTP status of the answer (0: the request never got one). */
    readonly status: number,
    /** Graph's error code (`error.code`), when it sent one. */
    readonly code?: number,
    /** The answer's Retry-After, in ms. */
    readonly retryAfterMs?: number,
    /** No answer to a request that left (timeout, reset): Graph may have acted on it. */
    readonly uncertain = false,
  ) {
    super(message);
  }

  /** Meta's rate limiting (HTTP 429 or one of its throttling codes). */
  get rateLimited(): boolean {
    return this.status === 429 || RATE_LIMIT_CODES.has(this.code ?? -1);
  }

  /** The token was rejected (code 190, HTTP 401): no send can work until it is replaced. */
  get authRejected(): boolean {
    return this.code === 190 || this.status === 401;
  }

  /**
   * Failures that a retry cannot fix: bad parameters, expired token, recipient outside the
   * messaging window… Rate limits (4, 17, 32, 613, 80007, 130429) and server errors are retried.
   */
  get permanent(): boolean {
    if (this.status === 0 || this.status >= 500 || this.status === 429) return false;
    return !RATE_LIMIT_CODES.has(this.code ?? -1);
  }
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80007, 130429, 131056]);

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_user_msg?: string; error_data?: unknown };
}

/** Readable text of a Graph error body: "(#100) Invalid parameter", with its code. */
function errorText(body: GraphErrorBody | undefined, status: number): string {
  const e = body?.error;
  if (!e) return `Graph API answered HTTP ${status}`;
  const details = e.error_user_msg ? ` — ${e.error_user_msg}` : "";
  return `${e.message ?? "Graph API error"}${details}${e.code !== undefined ? ` (code ${e.code})` : ""}`;
}

/** Retry-After in seconds or as an HTTP date, in ms (undefined when absent or unreadable). */
export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export class GraphClient {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {}

  /** A JSON call; `path` is relative to the versioned base ("/me/messages"). */
  async call<T = Record<string, unknown>>(
    method: "GET" | "POST" | "DELETE",
    path: string,
    token: string,
    body?: unknown,
  ): Promise<T> {
    return this.fetchJson<T>(this.url(path), {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  }

  /** A multipart upload (WhatsApp Cloud `/{phone-number-id}/media`). */
  async upload<T = Record<string, unknown>>(path: string, token: string, form: FormData) {
    return this.fetchJson<T>(this.url(path), {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  }

  /** Downloads a media URL; WhatsApp Cloud URLs need the bearer token, Messenger CDN ones not. */
  async download(url: string, token?: string): Promise<{ data: Buffer; mimeType: string }> {
    let res: Response;
    try {
      res = await fetch(url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new GraphError(`Media download failed: ${(err as Error).message}`, 0);
    }
    if (!res.ok) throw new GraphError(`Media download answered HTTP ${res.status}`, res.status);
    return {
      data: Buffer.from(await res.arrayBuffer()),
      mimeType: res.headers.get("content-type")?.split(";")[0]?.trim() || "",
    };
  }

  private url(path: string): string {
    return `${this.baseUrl.replace(/\/$/, "")}/${path.replace(/^\//, "")}`;
  }

  private async fetchJson<T>(url: string, init: RequestInit): Promise<T> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const message = `Graph API unreachable: ${(err as Error).message}`;
      throw new GraphError(message, 0, undefined, undefined, requestMayHaveLeft(err));
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const body = json as GraphErrorBody | undefined;
      throw new GraphError(
        errorText(body, res.status),
        res.status,
        body?.error?.code,
        retryAfterMs(res.headers.get("retry-after")),
      );
    }
    return (json ?? {}) as T;
  }
}

/**
 * Whether a failed fetch may have reached Graph: a timeout or a connection dropped mid-way may
 * have; a refused connection or an unknown host has not.
 */
function requestMayHaveLeft(err: unknown): boolean {
  const name = (err as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") return true;
  const code = ((err as { cause?: { code?: string } })?.cause?.code ?? "").toUpperCase();
  return !["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"].includes(code);
}
