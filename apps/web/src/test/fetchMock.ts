import type { ApiAnswer, ApiCall } from "@atrium/shared";
import { vi } from "vitest";

/** An error answer (docs/errors.md). */
export interface ErrorBody {
  error: string;
  message?: string;
  fields?: Record<string, string>;
}

export interface MockReply<T = unknown> {
  status?: number;
  body?: T | ErrorBody;
}

type Handler<T> = (request: {
  url: URL;
  init: RequestInit;
}) => MockReply<T> | Promise<MockReply<T>>;

/**
 * What a stubbed route may answer: the body the server's contract gives for that call
 * (`apiContract` in packages/shared), or an error. A route the contract does not know, or a
 * body the server could not send, fails typecheck.
 */
export type MockRoute<Call extends string> = Call extends ApiCall
  ? Handler<ApiAnswer<Call>> | MockReply<ApiAnswer<Call>>
  : never;

/**
 * Replaces global fetch for one test: routes are "METHOD /path" (query ignored); an
 * unexpected call fails the request loudly. `calls` lists "METHOD /path?query" in order.
 */
export function mockFetch<Call extends string>(routes: { [K in Call]: MockRoute<K> }): ReturnType<
  typeof stub
>;
export function mockFetch(routes: RouteTable): ReturnType<typeof stub>;
export function mockFetch(routes: object) {
  return stub(routes instanceof RouteTable ? routes.table : (routes as Table));
}

type Table = Record<string, Handler<unknown> | MockReply>;

function stub(table: Table) {
  const calls: string[] = [];
  const requests: { url: URL; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    calls.push(`${method} ${url.pathname}${url.search}`);
    requests.push({ url, init });
    const route = table[`${method} ${url.pathname}`];
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

/** One stubbed route whose answer was checked against the contract (see `route`). */
export interface CheckedRoute {
  call: string;
  reply: Handler<unknown> | MockReply;
}

/** Routes checked one by one with `route`, for `mockFetch`. */
export class RouteTable {
  constructor(readonly table: Table) {}
}

/**
 * A route of a table built at run time (ids known only then): `route(`GET /chats/${uuid}`,
 * { body: chat })` checks the answer as `mockFetch` does; `mockFetch(routeTable(entries))`.
 */
export function route<const Call extends string>(call: Call, reply: MockRoute<Call>): CheckedRoute {
  return { call, reply: reply as Handler<unknown> | MockReply };
}

export function routeTable(entries: readonly CheckedRoute[]): RouteTable {
  return new RouteTable(Object.fromEntries(entries.map((e) => [e.call, e.reply])));
}

/** Routes checked as `mockFetch` checks them, to pass on or combine (a screen's own + a test's). */
export function checkedRoutes<Call extends string>(routes: {
  [K in Call]: MockRoute<K>;
}): RouteTable {
  return new RouteTable(routes as Table);
}

export function combineRoutes(...tables: RouteTable[]): RouteTable {
  return new RouteTable(Object.assign({}, ...tables.map((t) => t.table)) as Table);
}
