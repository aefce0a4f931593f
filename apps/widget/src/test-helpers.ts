import { vi } from "vitest";
import type { Socket } from "socket.io-client";
import type { VisitorMessage } from "./types";

export const message = (id: number, over: Partial<VisitorMessage> = {}): VisitorMessage => ({
  id,
  author: "agent",
  body: `m${id}`,
  mediaType: "chat",
  mediaUrl: null,
  mimeType: null,
  mediaInline: false,
  fileName: null,
  isDeleted: false,
  createdAt: new Date(Date.UTC(2025, 0, 1, 12, id)).toISOString(),
  ...over,
});

/** A Socket.IO client stand-in: the test plays the server with serverEmit/connectNow. */
export class FakeSocket {
  connected = false;
  active = true;
  emitted: string[] = [];
  private handlers = new Map<string, ((...args: unknown[]) => void)[]>();

  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  emit(event: string) {
    this.emitted.push(event);
    return this;
  }
  connect() {
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  serverEmit(event: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(event) ?? []) fn(...args);
  }
  connectNow() {
    this.connected = true;
    this.serverEmit("connect");
  }
  asSocket(): Socket {
    return this as unknown as Socket;
  }
}

type Route = (req: { method: string; path: string; body: unknown; auth?: string }) =>
  | {
      status: number;
      json?: unknown;
    }
  | Error;

/** fetch answering from a route function; records calls. */
export function fakeFetch(route: Route) {
  const calls: { method: string; path: string; body: unknown; auth?: string }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = (init?.headers ?? {}) as Record<string, string>;
    let body: unknown = init?.body;
    if (typeof body === "string") body = JSON.parse(body);
    else if (body instanceof FormData) body = Object.fromEntries(body.entries());
    const req = {
      method: init?.method ?? "GET",
      path: url.pathname,
      body,
      auth: headers.authorization,
    };
    calls.push(req);
    const res = route(req);
    if (res instanceof Error) throw res;
    return new Response(res.json === undefined ? null : JSON.stringify(res.json), {
      status: res.status,
      headers: { "content-type": "application/json" },
    });
  });
  return { fetch: fn as unknown as typeof fetch, calls };
}
