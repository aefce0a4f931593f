/**
 * Realtime benchmark (not a test), issue #16. The real server in its own process(es) on
 * PostgreSQL + Redis, real Socket.IO clients on loopback:
 *
 *   1. inbound ingest: web-chat and signed Meta webhook messages of 200 customers on 20
 *      connections, all at once (goal ≥ 2,000 messages/s stored and acknowledged, one node);
 *   2. latency from the inbound request to an agent's socket event at 500 messages/s (goal
 *      p99 ≤ 100 ms);
 *   3. fan-out of one ticket update to 1,000 agent sockets of one company, queue rules applied
 *      (goal p99 ≤ 250 ms), on one node;
 *   4. reconnect storm: the 1,000 sockets reconnect at once and refetch their Pending tab
 *      (all back and converged; the server's RSS and event-loop delay);
 *   5. the fan-out again with two nodes behind the Redis adapter (half the sockets on each).
 *
 * Each figure is printed with its ratio to GET /auth/me measured just before it (the machines
 * are shared and noisy: the ratios travel better than the milliseconds).
 *
 *   BENCH_DATABASE_URL=postgres://… npm run bench -- realtime
 *
 * Knobs: REALTIME_BENCH_DATABASE_URL (else BENCH_DATABASE_URL), REDIS_URL, BENCH_RT_MESSAGES
 * (messages per customer in the ingest, 40, after 5 each that create the contacts and tickets
 * and warm the node up), BENCH_RT_SECONDS (length of the 500/s run, 10),
 * BENCH_RT_ROUNDS (fan-out updates, 20), BENCH_RT_ONLY (some phases: ingest, latency, fanout,
 * storm, cluster), BENCH_RT_PROFILE (a folder: the nodes write CPU profiles there), BENCH_JSON
 * (write the figures there as JSON).
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createClient } from "redis";
import type { Socket } from "socket.io-client";
import { agentSocket, connected, Http, openSockets } from "./realtime/clients.js";
import { customers as makeCustomers, type Customer } from "./realtime/inbound.js";
import { databaseCpuMs, startNode, type ServerNode } from "./realtime/nodes.js";
import {
  fanout,
  ingest,
  latencyAtRate,
  storm,
  trivialCall,
  type FanoutResult,
} from "./realtime/scenarios.js";
import { seed, type Agent, type Seeded } from "./realtime/seed.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DATABASE_URL = process.env.REALTIME_BENCH_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const DB_NAME = DATABASE_URL ? new URL(DATABASE_URL).pathname.slice(1) : "";
const PER_CUSTOMER = Number(process.env.BENCH_RT_MESSAGES ?? 40);
/** Messages per customer before the measured ingest (new contacts and tickets, warm-up). */
const FIRST_MESSAGES = 5;
const RATE_SECONDS = Number(process.env.BENCH_RT_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_RT_ROUNDS ?? 20);
const PHASES = ["ingest", "latency", "fanout", "storm", "cluster"] as const;
/** Some of the phases only: BENCH_RT_ONLY=storm,cluster. */
const ONLY = (process.env.BENCH_RT_ONLY ?? PHASES.join(","))
  .split(",")
  .map((x) => x.trim()) as (typeof PHASES)[number][];
const JWT_SECRET = "realtime-bench-secret-0123456789abcdef0123456789";
const META_APP_SECRET = "realtime-bench-meta-app-secret";

const rows: { figure: string; value: string; goal: string; ratio: string }[] = [];
const json: Record<string, unknown> = {};

function report(figure: string, value: string, goal = "", ratio = "") {
  rows.push({ figure, value, goal, ratio });
  console.log(`  ${figure.padEnd(58)} ${value.padStart(24)}  ${goal.padEnd(16)} ${ratio}`);
}
const ms = (n: number) => `${n.toFixed(1)} ms`;
const times = (a: number, b: number) => `${(a / b).toFixed(1)}× /auth/me`;
const met = (ok: boolean, goal: string) => `${ok ? "✓" : "✗"} ${goal}`;

async function reachable(): Promise<string | null> {
  if (!DATABASE_URL) return "set BENCH_DATABASE_URL=postgres://… (a database of its own)";
  const redis = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false } });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    await redis.quit();
  } catch {
    return `no Redis at ${REDIS_URL}`;
  }
  const db = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await db.connect();
    await db.end();
  } catch {
    return `no PostgreSQL at ${DATABASE_URL}`;
  }
  return null;
}

/** What the phases share. */
interface Run {
  runId: string;
  a: ServerNode;
  nodes: ServerNode[];
  http: Http;
  db: pg.Client;
  seeded: Seeded;
  admin: Agent;
  customers: Customer[];
  observer: Socket;
  /** Every socket the bench opened (closed at the end). */
  sockets: Socket[];
  /** The 1,150 agents' sockets, once open: 1,000 entitled to queue 1's ticket, 150 not. */
  agents?: { entitled: Socket[]; others: Socket[]; entitledAgents: Agent[]; otherAgents: Agent[] };
}

const tagOf = (run: Run, name: string) => `rt${run.runId}${name}`;

/** GET /auth/me just before a scenario: the yardstick of its ratios. */
async function yardstick(run: Run, label: string) {
  const cpu = run.a.cpuMs();
  const dbCpu = databaseCpuMs(DB_NAME);
  const t = { ...(await trivialCall(run.http, run.admin.token)), nodeCpuMs: 0, dbCpuMs: 0 };
  t.nodeCpuMs = (run.a.cpuMs() - cpu) / t.latency.count;
  t.dbCpuMs = (databaseCpuMs(DB_NAME) - dbCpu) / t.latency.count;
  console.log(
    `\n${label}\n  (GET /auth/me, 10 clients: p50 ${ms(t.latency.p50)}, p99 ${ms(t.latency.p99)}, ${t.perSecond.toFixed(0)} req/s)`,
  );
  return t;
}

async function phaseIngest(run: Run): Promise<number> {
  // Each customer's first messages: their contact and ticket are created (the single path),
  // and the node's code is compiled. The measured run is the steady state after them.
  const first = await ingest(
    run.db,
    run.seeded,
    run.customers,
    run.observer,
    FIRST_MESSAGES,
    tagOf(run, "f"),
  );
  const t = await yardstick(run, "1. inbound ingest, one node");
  const cpu = run.a.cpuMs();
  const dbCpu = databaseCpuMs(DB_NAME);
  const benchCpu = process.cpuUsage();
  const ing = await ingest(
    run.db,
    run.seeded,
    run.customers,
    run.observer,
    PER_CUSTOMER,
    tagOf(run, "i"),
  );
  const nodeCpu = (run.a.cpuMs() - cpu) / ing.messages;
  const databaseCpu = (databaseCpuMs(DB_NAME) - dbCpu) / ing.messages;
  const used = process.cpuUsage(benchCpu);
  // The customers' side runs in this process, on the same two cores.
  const clientCpu = (used.user + used.system) / 1000 / ing.messages;
  json.ingest = {
    ...ing,
    nodeCpuMsPerMessage: nodeCpu,
    dbCpuMsPerMessage: databaseCpu,
    benchClientCpuMsPerMessage: clientCpu,
    firstMessagesPerSecond: first.perSecond,
  };
  report(
    `${ing.messages} messages by 200 customers on 20 connections`,
    `${ing.perSecond.toFixed(0)} msg/s`,
    met(ing.perSecond >= 2000, "≥ 2000 msg/s"),
    `1 msg = ${(t.perSecond / ing.perSecond).toFixed(2)} /auth/me calls`,
  );
  report("  acknowledgement p50 / p99", `${ms(ing.ack.p50)} / ${ms(ing.ack.p99)}`);
  report(
    `  before it: the first ${first.messages} (new contacts and tickets, code not compiled yet)`,
    `${first.perSecond.toFixed(0)} msg/s`,
  );
  report(
    "  node CPU per message (per /auth/me call)",
    `${nodeCpu.toFixed(2)} ms (${t.nodeCpuMs.toFixed(2)} ms)`,
    "",
    `${(nodeCpu / t.nodeCpuMs).toFixed(1)}× /auth/me`,
  );
  report(
    "  PostgreSQL CPU per message (per /auth/me call)",
    `${databaseCpu.toFixed(2)} ms (${t.dbCpuMs.toFixed(2)} ms)`,
    "",
    `${(databaseCpu / t.dbCpuMs).toFixed(1)}× /auth/me`,
  );
  report(
    "  the bench's own CPU per message (customers, agent socket)",
    `${clientCpu.toFixed(2)} ms`,
  );
  report(
    "  CPU-bound estimate, 2 cores to node + PostgreSQL alone",
    `${(2000 / (nodeCpu + databaseCpu)).toFixed(0)} msg/s`,
  );
  report(
    "  stored / duplicates / heard by an admin's socket",
    `${ing.stored} / ${ing.duplicates} / ${ing.heardByAgent}`,
    met(
      ing.stored === ing.messages && !ing.duplicates && ing.heardByAgent === ing.messages,
      "all, once",
    ),
  );
  return ing.perSecond;
}

/**
 * At 500/s, and, when this machine ingested fewer than that, also at half what it did ingest:
 * the pipeline's own latency, without the queue that forms past capacity.
 */
async function phaseLatency(run: Run, ingested: number | undefined) {
  const rates = [500];
  if (ingested !== undefined && ingested < 625) rates.push(Math.max(5, Math.round(ingested / 2)));
  const results: unknown[] = [];
  for (const [i, perSecond] of rates.entries()) {
    const t = await yardstick(
      run,
      `2${"ab"[i]}. inbound request → agent's socket event at ${perSecond} msg/s`,
    );
    await run.a.probe();
    const rate = await latencyAtRate(
      run.customers,
      run.observer,
      run.seeded.companyId,
      perSecond,
      // As many messages at a lower rate (at most a minute): long enough for a steady state.
      Math.min(60, (RATE_SECONDS * 500) / perSecond),
      tagOf(run, `r${i}`),
    );
    const probe = await run.a.probe();
    results.push({ ...rate, probe });
    report(
      `p50 / p99 (${rate.sent} messages, sent at ${rate.achievedRate.toFixed(0)}/s)`,
      `${ms(rate.toSocket.p50)} / ${ms(rate.toSocket.p99)}`,
      i === 0 ? met(rate.toSocket.p99 <= 100 && rate.missing === 0, "p99 ≤ 100 ms") : "",
      times(rate.toSocket.p99, t.latency.p99),
    );
    report("  acknowledgement p50 / p99", `${ms(rate.ack.p50)} / ${ms(rate.ack.p99)}`);
    if (rate.missing) report("  never heard", String(rate.missing));
    report("  node event-loop delay p99 / max", `${ms(probe.loopP99)} / ${ms(probe.loopMax)}`);
  }
  json.latency = results;
}

/** The 1,150 agents' sockets on node A (1,000 entitled to queue 1's ticket). */
async function agentsOnline(run: Run) {
  if (run.agents) return run.agents;
  const entitledAgents: Agent[] = [...run.seeded.admins, ...run.seeded.members];
  const otherAgents: Agent[] = [...run.seeded.outsiders, ...run.seeded.strangers];
  console.log(`\nconnecting ${entitledAgents.length + otherAgents.length} agent sockets…`);
  const entitled = await openSockets(
    run.a.url,
    entitledAgents.map((x) => x.token),
  );
  const others = await openSockets(
    run.a.url,
    otherAgents.map((x) => x.token),
  );
  run.sockets.push(...entitled, ...others);
  await new Promise((r) => setTimeout(r, 2000)); // presence announcements settle
  run.agents = { entitled, others, entitledAgents, otherAgents };
  return run.agents;
}

/** A pending ticket of queue 1: the one the fan-out updates. */
async function queueOneTicket(run: Run): Promise<number> {
  const { rows: found } = await run.db.query<{ id: number }>(
    "select id from tickets where company_id = $1 and queue_id = $2 and status in ('pending', 'open') order by id limit 1",
    [run.seeded.companyId, run.seeded.queueIds[0]],
  );
  return found[0]!.id;
}

async function phaseFanout(run: Run) {
  const { entitled, others } = await agentsOnline(run);
  const t = await yardstick(run, "3. one ticket update → 1,000 agent sockets, one node");
  await run.a.probe();
  const result = await fanout(
    run.http,
    run.admin,
    await queueOneTicket(run),
    run.seeded.companyId,
    entitled,
    others,
    ROUNDS,
  );
  const probe = await run.a.probe();
  json.fanoutOneNode = { ...result, probe };
  reportFanout(result, t.latency.p99);
  report("  node event-loop delay p99 / max", `${ms(probe.loopP99)} / ${ms(probe.loopMax)}`);
}

async function phaseStorm(run: Run) {
  const { entitled, entitledAgents } = await agentsOnline(run);
  const t = await yardstick(run, "4. reconnect storm: 1,000 sockets at once");
  const [visitor] = await makeCustomers(
    run.http,
    [run.seeded.connections[0]!],
    1,
    `${run.runId}s`,
    META_APP_SECRET,
  );
  const body = `${tagOf(run, "s")} 0`;
  const st = await storm(
    run.a,
    run.http,
    entitled.map((socket, i) => ({
      socket,
      agent: entitledAgents[i]!,
      queueIds:
        entitledAgents[i]!.profile === "admin" ? run.seeded.queueIds : entitledAgents[i]!.queueIds,
    })),
    async () => {
      await visitor!.send(body, `${tagOf(run, "s")}-0`, 3);
      const { rows: found } = await run.db.query<{ ticket_id: number }>(
        "select ticket_id from messages where company_id = $1 and body = $2",
        [run.seeded.companyId, body],
      );
      return found[0]!.ticket_id;
    },
  );
  json.storm = st;
  report(
    "all 1,000 back (connected) after",
    ms(st.allConnected),
    "",
    times(st.allConnected, t.latency.p99),
  );
  report(
    "all converged (Pending tab refetched, new ticket in it)",
    `${ms(st.allConverged)} (${st.converged}/${st.sockets})`,
    met(st.converged === st.sockets, "every one"),
    times(st.allConverged, t.latency.p99),
  );
  report(
    "  Pending tab call during the storm p50 / p99",
    `${ms(st.listCall.p50)} / ${ms(st.listCall.p99)}`,
    "",
    times(st.listCall.p99, t.latency.p99),
  );
  report(
    "  node RSS before → peak",
    `${st.rssBeforeMiB.toFixed(0)} → ${st.peakRssMiB.toFixed(0)} MiB`,
  );
  report("  node event-loop delay p99 / max", `${ms(st.loopP99)} / ${ms(st.loopMax)}`);
}

async function phaseCluster(run: Run, nodeEnv: Parameters<typeof startNode>[1]) {
  const { entitled, others, entitledAgents, otherAgents } = await agentsOnline(run);
  console.log("\nstarting node B (Redis adapter)…");
  const b = await startNode("b", nodeEnv);
  run.nodes.push(b);
  // Half of every group moves to node B.
  const move = async (list: Socket[], agents: Agent[]) => {
    for (let i = 1; i < list.length; i += 2) list[i]!.close();
    const moved = await openSockets(
      b.url,
      agents.filter((_, i) => i % 2 === 1).map((x) => x.token),
    );
    run.sockets.push(...moved);
    return list.map((s, i) => (i % 2 === 1 ? moved[(i - 1) / 2]! : s));
  };
  const entitled2 = await move(entitled, entitledAgents);
  const others2 = await move(others, otherAgents);
  await new Promise((r) => setTimeout(r, 2000));
  const t = await yardstick(
    run,
    "5. one ticket update → 1,000 agent sockets, two nodes (Redis adapter)",
  );
  await Promise.all([run.a.probe(), b.probe()]);
  const result = await fanout(
    run.http,
    run.admin,
    await queueOneTicket(run),
    run.seeded.companyId,
    entitled2,
    others2,
    ROUNDS,
  );
  const [pa, pb] = await Promise.all([run.a.probe(), b.probe()]);
  json.fanoutTwoNodes = { ...result, probe: { a: pa, b: pb } };
  reportFanout(result, t.latency.p99);
  report("  event-loop delay p99, node A / node B", `${ms(pa.loopP99)} / ${ms(pb.loopP99)}`);
  report(
    "  RSS peak, node A / node B",
    `${pa.peakRssMiB.toFixed(0)} / ${pb.peakRssMiB.toFixed(0)} MiB`,
  );
}

async function main() {
  const skip = await reachable();
  if (skip) {
    console.log(`realtime bench skipped: ${skip}`);
    return;
  }
  const runId = String(Date.now()).slice(-9);
  const nodeEnv = {
    root,
    databaseUrl: DATABASE_URL!,
    redisUrl: REDIS_URL,
    jwtSecret: JWT_SECRET,
    metaAppSecret: META_APP_SECRET,
    adminEmail: "rt-bench@rt-bench.test",
    adminPassword: "rt-bench-123",
  };
  const nodes: ServerNode[] = [];
  const sockets: Socket[] = [];
  const db = new pg.Client({ connectionString: DATABASE_URL });
  const load = loadavg().map((n) => n.toFixed(1));
  console.log(`realtime bench, machine load (1/5/15 min): ${load.join(" ")}`);
  json.load = load;
  try {
    console.log(`starting node A (PostgreSQL + Redis)…`);
    const a = await startNode("a", nodeEnv);
    nodes.push(a);
    await db.connect();
    const seeded = await seed(db, JWT_SECRET, runId);
    const http = new Http(a.url, 256);
    const customers = await makeCustomers(http, seeded.connections, 10, runId, META_APP_SECRET);
    const observer = agentSocket(a.url, seeded.admins[1]!.token);
    sockets.push(observer);
    await connected(observer);
    const run: Run = {
      runId,
      a,
      nodes,
      http,
      db,
      seeded,
      admin: seeded.admins[0]!,
      customers,
      observer,
      sockets,
    };
    // 20 agents online while customers write: 10 admins and 10 queue members.
    const few = await openSockets(a.url, [
      ...seeded.admins.slice(2, 11).map((x) => x.token),
      ...seeded.members.slice(0, 10).map((x) => x.token),
    ]);
    sockets.push(...few);
    // First messages open the 200 tickets (not measured: creation is the rarer case).
    const w = tagOf(run, "w");
    await Promise.all(customers.map((c, i) => c.send(`${w} ${i}`, `${w}-${i}`, 1)));

    const ingested = ONLY.includes("ingest") ? await phaseIngest(run) : undefined;
    if (ONLY.includes("latency")) await phaseLatency(run, ingested);
    for (const s of few) s.close();
    if (ONLY.includes("fanout")) await phaseFanout(run);
    if (ONLY.includes("storm")) await phaseStorm(run);
    if (ONLY.includes("cluster")) await phaseCluster(run, nodeEnv);
    http.close();
  } finally {
    for (const s of sockets) s.close();
    await Promise.all(nodes.map((n) => n.stop()));
    await db.end().catch(() => undefined);
  }
  const after = loadavg().map((n) => n.toFixed(1));
  console.log(`\nmachine load at the end (1/5/15 min): ${after.join(" ")}`);
  json.loadAfter = after;
  json.rows = rows;
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(json, null, 2));
}

function reportFanout(f: FanoutResult, trivialP99: number) {
  report(
    `delivery p50 / p99 (${f.sockets} sockets × ${f.rounds} updates)`,
    `${ms(f.delivery.p50)} / ${ms(f.delivery.p99)}`,
    met(f.delivery.p99 <= 250, "p99 ≤ 250 ms"),
    times(f.delivery.p99, trivialP99),
  );
  report(
    "  last socket of an update p50 / max",
    `${ms(f.lastSocket.p50)} / ${ms(f.lastSocket.max)}`,
  );
  report("  the update's HTTP answer p50", ms(f.answer.p50));
  report(
    "  heard by sockets of another queue or company",
    String(f.leaks),
    met(f.leaks === 0, "none"),
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
