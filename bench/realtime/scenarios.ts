/** The realtime bench's scenarios; each returns its figures for the report. */
import { readFileSync } from "node:fs";
import type pg from "pg";
import type { Socket } from "socket.io-client";
import { closedLoop, latency, until, type Http, type Latency } from "./clients.js";
import type { Customer } from "./inbound.js";
import type { ServerNode } from "./nodes.js";
import type { Agent, Seeded } from "./seed.js";

interface AppMessageEvent {
  action?: string;
  message?: { body?: string };
}
interface TicketEvent {
  action?: string;
  ticket?: { id?: number; status?: string };
  ticketId?: number;
}

/** Calls `onBody` with the body of every new message an agent's socket hears. */
export function onNewMessages(socket: Socket, companyId: number, onBody: (b: string) => void) {
  socket.on(`company-${companyId}-appMessage`, (e: AppMessageEvent) => {
    if (e?.action === "create" && typeof e.message?.body === "string") onBody(e.message.body);
  });
}

/** GET /auth/me, the trivial call every figure is compared with. */
export async function trivialCall(http: Http, token: string, requests = 300) {
  return closedLoop(10, requests, async () => {
    await http.json("GET", "/auth/me", token);
  });
}

export interface IngestResult {
  messages: number;
  seconds: number;
  perSecond: number;
  ack: Latency;
  stored: number;
  duplicates: number;
  heardByAgent: number;
}

/**
 * Every customer sends `perCustomer` messages one after the other, all customers at once; a
 * message counts when the server acknowledged it. Then the database and an admin's socket are
 * checked: every message stored once, every one heard.
 */
export async function ingest(
  db: pg.Client,
  seeded: Seeded,
  customers: Customer[],
  observer: Socket,
  perCustomer: number,
  tag: string,
): Promise<IngestResult> {
  const heard = new Set<string>();
  onNewMessages(observer, seeded.companyId, (b) => b.startsWith(tag) && heard.add(b));
  const acks: number[] = [];
  let seq = 0;
  const t0 = performance.now();
  await Promise.all(
    customers.map(async (c) => {
      for (let i = 0; i < perCustomer; i++) {
        const n = seq++;
        const start = performance.now();
        await c.send(`${tag} ${n}`, `${tag}-${n}`, 1);
        acks.push(performance.now() - start);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const total = customers.length * perCustomer;
  await until(() => heard.size >= total, 60_000, "the agent to hear every message").catch(
    () => undefined,
  );
  const counts = (
    await db.query<{ stored: string; distinct_bodies: string }>(
      "select count(*) as stored, count(distinct body) as distinct_bodies from messages where company_id = $1 and body like $2",
      [seeded.companyId, `${tag} %`],
    )
  ).rows[0]!;
  return {
    messages: total,
    seconds,
    perSecond: total / seconds,
    ack: latency(acks),
    stored: Number(counts.stored),
    duplicates: Number(counts.stored) - Number(counts.distinct_bodies),
    heardByAgent: heard.size,
  };
}

export interface RateResult {
  rate: number;
  sent: number;
  achievedRate: number;
  toSocket: Latency;
  ack: Latency;
  missing: number;
}

/**
 * Open loop: message i leaves at t0 + i/rate whatever the answers, round-robin over the
 * customers; latency runs from that moment to the admin's socket event (a late sender counts
 * against the server, not for it).
 */
export async function latencyAtRate(
  customers: Customer[],
  observer: Socket,
  companyId: number,
  rate: number,
  seconds: number,
  tag: string,
): Promise<RateResult> {
  const total = Math.round(rate * seconds);
  const due = new Map<string, number>();
  const toSocket: number[] = [];
  onNewMessages(observer, companyId, (b) => {
    const at = due.get(b);
    if (at === undefined) return;
    due.delete(b);
    toSocket.push(performance.now() - at);
  });
  const acks: number[] = [];
  const inFlight: Promise<void>[] = [];
  const t0 = performance.now() + 50;
  for (let i = 0; i < total; i++) {
    const at = t0 + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const body = `${tag} ${i}`;
    due.set(body, at);
    inFlight.push(
      customers[i % customers.length]!.send(body, `${tag}-${i}`, 2).then(() => {
        acks.push(performance.now() - at);
      }),
    );
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  await Promise.all(inFlight);
  await until(() => due.size === 0, 60_000, "every message on the socket").catch(() => undefined);
  return {
    rate,
    sent: total,
    achievedRate: total / sendSeconds,
    toSocket: latency(toSocket),
    ack: latency(acks),
    missing: due.size,
  };
}

export interface FanoutResult {
  sockets: number;
  rounds: number;
  delivery: Latency;
  /** Time until the last entitled socket heard the round's update. */
  lastSocket: Latency;
  answer: Latency;
  leaks: number;
}

/**
 * An admin alternately accepts and returns to pending one ticket of queue 1 (HTTP on node
 * `via`); every entitled socket must hear each update, no other socket anything of it.
 */
export async function fanout(
  via: Http,
  actor: Agent,
  ticketId: number,
  companyId: number,
  entitled: Socket[],
  others: Socket[],
  rounds: number,
): Promise<FanoutResult> {
  let round = -1;
  let started = 0;
  let heard = 0;
  const delivery: number[] = [];
  const last: number[] = [];
  const answers: number[] = [];
  let leaks = 0;
  const channel = `company-${companyId}-ticket`;
  const handlers = entitled.map((socket) => {
    let seen = -1;
    const handler = (e: TicketEvent) => {
      if (e?.action !== "update" || e.ticket?.id !== ticketId || seen === round) return;
      seen = round;
      heard++;
      if (round >= 0) delivery.push(performance.now() - started);
    };
    socket.on(channel, handler);
    return () => socket.off(channel, handler);
  });
  const spy = (_event: string, payload: TicketEvent) => {
    if (payload?.ticket?.id === ticketId || payload?.ticketId === ticketId) leaks++;
  };
  for (const s of others) s.onAny(spy);
  const warmup = 2;
  let status = (await via.json<{ status: string }>("GET", `/tickets/${ticketId}`, actor.token))
    .status;
  for (let r = -warmup; r < rounds; r++) {
    round = r;
    heard = 0;
    const action = status === "pending" ? "accept" : "move_to_pending";
    started = performance.now();
    ({ status } = await via.json<{ status: string }>("PUT", `/tickets/${ticketId}`, actor.token, {
      action,
    }));
    answers.push(performance.now() - started);
    await until(() => heard === entitled.length, 30_000, `round ${r}: every socket`);
    if (r >= 0) last.push(performance.now() - started);
  }
  // Give a leak time to arrive before looking.
  await new Promise((r) => setTimeout(r, 500));
  handlers.forEach((off) => off());
  for (const s of others) s.offAny(spy);
  return {
    sockets: entitled.length,
    rounds,
    delivery: latency(delivery),
    lastSocket: latency(last),
    answer: latency(answers.slice(warmup)),
    leaks,
  };
}

export interface StormResult {
  sockets: number;
  allConnected: number;
  allConverged: number;
  converged: number;
  listCall: Latency;
  peakRssMiB: number;
  rssBeforeMiB: number;
  loopP99: number;
  loopMax: number;
}

function rssOf(pid: number): number {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * Every socket drops; while they are away a customer opens a new ticket in queue 1; then all
 * reconnect in the same instant and, as the web app does on reconnecting, refetch their
 * Pending tab. Converged = connected and the new ticket in the list.
 */
export async function storm(
  node: ServerNode,
  http: Http,
  sockets: { socket: Socket; agent: Agent; queueIds: number[] }[],
  newTicket: () => Promise<number>,
): Promise<StormResult> {
  for (const { socket } of sockets) socket.disconnect();
  await new Promise((r) => setTimeout(r, 1000));
  const ticketId = await newTicket();
  await node.probe(); // resets the event-loop histogram
  const pid = node.child.pid!;
  const rssBefore = rssOf(pid);
  let peak = rssBefore;
  const watch = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 100);

  let connectedCount = 0;
  let convergedCount = 0;
  let allConnectedAt = 0;
  const calls: number[] = [];
  const t0 = performance.now();
  const work = sockets.map(async ({ socket, agent, queueIds }) => {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", (err) => !socket.active && reject(err));
      socket.connect();
    });
    if (++connectedCount === sockets.length) allConnectedAt = performance.now() - t0;
    const query = new URLSearchParams({
      pageNumber: "1",
      searchTab: "open",
      status: "pending",
      searchParam: "",
      queueIds: JSON.stringify([...queueIds, 0]),
      ...(agent.profile === "admin" && { showAll: "true" }),
    });
    const start = performance.now();
    const page = await http.json<{ tickets: { id: number }[] }>(
      "GET",
      `/tickets?${query}`,
      agent.token,
    );
    calls.push(performance.now() - start);
    if (page.tickets.some((t) => t.id === ticketId)) convergedCount++;
  });
  await Promise.all(work);
  const allConverged = performance.now() - t0;
  clearInterval(watch);
  const probe = await node.probe();
  return {
    sockets: sockets.length,
    allConnected: allConnectedAt,
    allConverged,
    converged: convergedCount,
    listCall: latency(calls),
    peakRssMiB: Math.max(peak, rssOf(pid)),
    rssBeforeMiB: rssBefore,
    loopP99: probe.loopP99,
    loopMax: probe.loopMax,
  };
}
