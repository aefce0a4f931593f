import {
  SESSION_LOST_CODES,
  TOKEN_EXPIRED_CODE,
  TOKEN_REFRESH_INTERVAL_MS,
  type LoginResponse,
} from "@atrium/shared";
import { ApiError, NETWORK_ERROR_CODE } from "./ApiError";
import { serverReached, sessionLost, tokenRefreshed } from "./sessionEvents";
import { apiBaseAddress, clearSession, readToken, writeToken, writeUserUuid } from "./storage";

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Calls made without a session (login, signup): no bearer, no refresh, no session-lost. */
  anonymous?: boolean;
  /** A successful answer is read as a Blob (file downloads). */
  blob?: boolean;
  /** Extra request headers (the messages API's X_KEY / X_TOKEN). */
  headers?: Record<string, string>;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    // Array filters travel as JSON arrays (agent-core §7, ticket list helper).
    params.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  const search = params.toString();
  return `${apiBaseAddress()}${path}${search ? `?${search}` : ""}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One HTTP exchange, no retry logic. Throws ApiError for every failure. */
async function send<T>(method: Method, path: string, options: RequestOptions): Promise<T> {
  const headers = new Headers({ ...options.headers, Accept: "application/json" });
  const token = options.anonymous ? null : readToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      credentials: "include",
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError(0, NETWORK_ERROR_CODE, err instanceof Error ? err.message : "");
  }

  if (response.ok) serverReached.emit();
  if (options.blob && response.ok) return (await response.blob()) as T;
  const payload = await readBody(response);
  if (!response.ok) {
    throw ApiError.fromBody(response.status, typeof payload === "object" ? payload : null);
  }
  return payload as T;
}

function isSessionLostCode(code: string): boolean {
  return (SESSION_LOST_CODES as readonly string[]).includes(code);
}

/** Clears the stored session and tells the app, which then shows /login. */
export function loseSession(code: string): void {
  clearSession();
  if (sessionLost.size === 0) window.location.assign("/login");
  else sessionLost.emit({ code });
}

let refreshInFlight: Promise<LoginResponse> | null = null;

/**
 * POST /auth/refresh_token (cookie only). Concurrent callers share one request. A refused
 * refresh (401/403) loses the session; a network failure, a rate limit (429) or a server
 * error leaves it for the next try.
 */
export function refreshAccessToken(): Promise<LoginResponse> {
  refreshInFlight ??= send<LoginResponse>("POST", "/auth/refresh_token", { anonymous: true })
    .then((session) => {
      writeToken(session.token);
      writeUserUuid(session.uuid);
      tokenRefreshed.emit(session);
      return session;
    })
    .catch((err: unknown) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        loseSession(err.code);
      }
      throw err;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}) {
  try {
    return await send<T>(method, path, options);
  } catch (err) {
    if (options.anonymous || !(err instanceof ApiError)) throw err;
    if (err.code === TOKEN_EXPIRED_CODE) {
      await refreshAccessToken();
      return retryAfterRefresh<T>(method, path, options);
    }
    if (isSessionLostCode(err.code)) loseSession(err.code);
    throw err;
  }
}

/** The retry after a refresh: a second expired-token answer is not refreshed again. */
async function retryAfterRefresh<T>(method: Method, path: string, options: RequestOptions) {
  try {
    return await send<T>(method, path, options);
  } catch (err) {
    if (err instanceof ApiError && isSessionLostCode(err.code)) loseSession(err.code);
    throw err;
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) =>
    request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>("PATCH", path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
  /** A file download (GET answered with a body that is not JSON). */
  blob: (path: string, options?: Omit<RequestOptions, "body" | "blob">) =>
    request<Blob>("GET", path, { ...options, blob: true }),
};

/** Refreshes the access token every 15 minutes while a session is open. Returns the stop. */
export function startTokenRefreshTimer(): () => void {
  const timer = setInterval(() => {
    refreshAccessToken().catch(() => undefined);
  }, TOKEN_REFRESH_INTERVAL_MS);
  return () => clearInterval(timer);
}
