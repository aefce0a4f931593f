/** HTTP over keep-alive, Socket.IO agent clients and the statistics of the realtime bench. */
import { io, type Socket } from "socket.io-client";
import { HttpPool } from "../http.js";

export interface Reply {
  status: number;
  body: string;
}

/** A keep-alive HTTP client of one server node (`maxSockets` parallel connections). */
export class Http {
  private readonly pool: HttpPool;

  constructor(base: string, maxSockets: number) {
    this.pool = new HttpPool(base, maxSockets);
  }

  async request(
    method: string,
    path: string,
    opts: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<Reply> {
    const reply = await this.pool.request(method, path, {
      ...opts,
      headers: { accept: "application/json", ...opts.headers },
    });
    return { status: reply.status, body: reply.body.toString("utf8") };
  }

  /** JSON call with a bearer token; throws on a non-2xx answer. */
  async json<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const res = await this.request(method, path, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${res.body}`);
    return (res.body ? JSON.parse(res.body) : undefined) as T;
  }

  close(): void {
    this.pool.close();
  }
}

/**
 * An agent's browser as far as realtime goes: one websocket with the token in the handshake,
 * joinNotification and userStatus on every connect (as the web app does).
 */
export function agentSocket(url: string, token: string): Socket {
  const socket = io(url, {
    transports: ["websocket"],
    auth: { token },
    forceNew: true,
    reconnectionDelayMax: 25_000,
  });
  socket.on("connect", () => {
    socket.emit("joinNotification");
    socket.emit("userStatus");
  });
  return socket;
}

export function connected(socket: Socket, timeoutMs = 60_000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("socket did not connect")), timeoutMs);
    const onError = (err: Error) => {
      if (socket.active) return; // retried by Socket.IO
      clearTimeout(timer);
      reject(err);
    };
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.off("connect_error", onError);
      resolve();
    });
    socket.on("connect_error", onError);
  });
}

/** Opens sockets `batch` at a time (a thousand handshakes at once is the storm scenario's). */
export async function openSockets(url: string, tokens: string[], batch = 50): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < tokens.length; i += batch) {
    const group = tokens.slice(i, i + batch).map((t) => agentSocket(url, t));
    await Promise.all(group.map((s) => connected(s)));
    sockets.push(...group);
  }
  return sockets;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export function latency(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

/** Resolves when `done()` holds, checking every 20 ms; rejects after `timeoutMs`. */
export async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `requests` calls by `concurrency` clients in a closed loop; latencies (ms) and req/s. */
export async function closedLoop(
  concurrency: number,
  requests: number,
  call: (i: number) => Promise<void>,
): Promise<{ latency: Latency; perSecond: number }> {
  const samples: number[] = [];
  let next = 0;
  const t0 = performance.now();
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      const start = performance.now();
      await call(i);
      samples.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return {
    latency: latency(samples),
    perSecond: samples.length / ((performance.now() - t0) / 1000),
  };
}
