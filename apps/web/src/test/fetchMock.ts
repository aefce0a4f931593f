import { vi } from "vitest";

export interface MockReply {
  status?: number;
  body?: unknown;
}

type Handler = (request: { url: URL; init: RequestInit }) => MockReply | Promise<MockReply>;

/**
 * Replaces global fetch for one test: routes are "METHOD /path" (query ignored); an
 * unexpected call fails the request loudly. `calls` lists "METHOD /path?query" in order.
 */
export function mockFetch(routes: Record<string, Handler | MockReply>) {
  const calls: string[] = [];
  const requests: { url: URL; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    calls.push(`${method} ${url.pathname}${url.search}`);
    requests.push({ url, init });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`Unexpected request ${method} ${url.pathname}`);
    const reply = typeof route === "function" ? await route({ url, init }) : route;
    const status = reply.status ?? 200;
    return new Response(
      reply.body === undefined || status === 204 ? null : JSON.stringify(reply.body),
      { status, headers: { "Content-Type": "application/json" } },
    );
  });
  vi.stubGlobal("fetch", fetchMock);
  return { calls, requests, fetchMock };
}

export function bearerOf(init: RequestInit): string | null {
  return new Headers(init.headers).get("Authorization");
}
