/**
 * Inbox benchmark (not a test). Seeds one company of BENCH_TICKETS tickets (50,000 by default;
 * 10 messages each, one ticket of 200) or reuses it, starts the built server in its own process
 * and measures, at BENCH_CONCURRENCY (10) clients, the calls the web app makes with its own
 * URLs: req/s, p50/p95/p99, each p95 as a multiple of GET /auth/me's p95 in the same run (the
 * machines are shared and noisy: the ratios travel), and the server's peak RSS.
 *
 *   npm run bench                                        # PGlite, kept in $TMPDIR between runs
 *   BENCH_DATABASE_URL=postgres://… npm run bench        # PostgreSQL (a database of its own)
 *   BENCH_TICKETS=500000 BENCH_DATABASE_URL=… npm run bench
 *
 * Other knobs: BENCH_REQUESTS (1000 per scenario), BENCH_ONLY (regex on scenario names),
 * BENCH_PROFILE (a folder: the server writes a CPU profile there when it stops),
 * BENCH_MESSAGES_PER_TICKET (10), BENCH_PGLITE_DIR, BENCH_JSON (write the summary there).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { loadConfig } from "../apps/server/src/config.js";
import { bootstrap } from "../apps/server/src/db/bootstrap.js";
import { createDatabase, type ExecuteSql } from "../apps/server/src/db/client.js";
import { createLogger } from "../apps/server/src/lib/logger.js";
import {
  BENCH_PASSWORD,
  COMMON_WORD,
  datasetName,
  ensureDataset,
  RARE_WORD,
  type Dataset,
} from "./dataset.js";
import { serverNodeFlags } from "../scripts/server-node-flags.mjs";
import { cpuMs, load, memoryOf, summarize, watchMemory, type LoadResult } from "./load.js";
import { buildServer, freePort } from "./server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TICKETS = Number(process.env.BENCH_TICKETS ?? 50_000);
const PER_TICKET = Number(process.env.BENCH_MESSAGES_PER_TICKET ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
// 200 calls at 10 clients lasted a fraction of a second for the faster calls: their figures
// moved with the server's warm-up and whatever else ran that moment.
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const WARMUP = Math.max(CONCURRENCY, Math.round(REQUESTS / 10));
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : undefined;
const URL_ = process.env.BENCH_DATABASE_URL;
const RSS_BUDGET_MIB = 300;

/** A scenario's latencies, plus the CPU time (ms) one call cost the server and the database. */
type Measured = LoadResult & { nodeCpu: number; dbCpu: number };

type Who = "admin" | "user";
interface Scenario {
  name: string;
  who: Who;
  path: string;
  /** p95 goal (ms) of issue #13 for this database at its size, when there is one. */
  goal?: number;
}

/** The goals: PostgreSQL at 500k tickets (dashboard at 1M), PGlite at 50k. */
function goals(kind: "pglite" | "postgres", tickets: number) {
  if (kind === "postgres" && tickets >= 500_000)
    return {
      page: 20,
      common: 100,
      rare: 50,
      messages: 15,
      contacts: 20,
      dashboard: tickets >= 1_000_000 ? 100 : undefined,
    };
  if (kind === "pglite" && tickets <= 50_000) return { page: 50, common: 300 };
  return {};
}

function query(params: Record<string, string | number | number[] | undefined>): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    q.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  return q.toString();
}

function scenarios(d: Dataset, kind: "pglite" | "postgres"): Scenario[] {
  const g: Partial<Record<string, number>> = goals(kind, d.tickets);
  // The web app's default queue selection: every queue of the viewer plus "Sem Fila" (0).
  const adminQueues = [...d.queueIds, 0];
  const userQueues = [...d.userQueueIds, 0];
  const list = (
    queueIds: number[],
    extra: Record<string, string | number | undefined>,
    showAll = true,
  ) =>
    `/tickets?${query({ pageNumber: 1, showAll: showAll ? "true" : undefined, queueIds, ...extra })}`;
  const tab = (status: string) => ({ searchTab: "open", status, searchParam: "" });
  const search = (term: string) => ({ searchTab: "search", status: "", searchParam: term });
  return [
    {
      name: "tickets: assigned tab, admin show-all",
      who: "admin",
      path: list(adminQueues, tab("open")),
      goal: g.page,
    },
    {
      name: "tickets: pending tab, admin show-all",
      who: "admin",
      path: list(adminQueues, tab("pending")),
      goal: g.page,
    },
    {
      name: "tickets: pending tab, admin, one queue",
      who: "admin",
      path: list([d.queueIds[2]!], tab("pending")),
      goal: g.page,
    },
    {
      name: "tickets: assigned tab, user (2 queues)",
      who: "user",
      path: list(userQueues, tab("open"), false),
      goal: g.page,
    },
    {
      name: "tickets: pending tab, user (2 queues)",
      who: "user",
      path: list(userQueues, tab("pending"), false),
      goal: g.page,
    },
    {
      name: "tickets: pending tab, user, one queue",
      who: "user",
      path: list([d.userQueueIds[1]!], tab("pending"), false),
      goal: g.page,
    },
    {
      name: `search: common word (${COMMON_WORD}, 10% of messages), admin`,
      who: "admin",
      path: list(adminQueues, search(COMMON_WORD)),
      goal: g.common,
    },
    {
      name: `search: common word, user`,
      who: "user",
      path: list(userQueues, search(COMMON_WORD), false),
      goal: g.common,
    },
    {
      name: `search: rare word (${RARE_WORD}, 0.01%), admin`,
      who: "admin",
      path: list(adminQueues, search(RARE_WORD)),
      goal: g.rare,
    },
    {
      name: `search: number fragment (${d.numberFragment}), admin`,
      who: "admin",
      path: list(adminQueues, search(d.numberFragment)),
      goal: g.rare,
    },
    {
      name: "messages: page 1 of a 200-message ticket",
      who: "admin",
      path: `/messages/${d.bigTicketId}?pageNumber=1`,
      goal: g.messages,
    },
    {
      name: `contacts: name fragment (${d.nameFragment})`,
      who: "admin",
      path: `/contacts/?${query({ searchParam: d.nameFragment, pageNumber: 1 })}`,
      goal: g.contacts,
    },
    {
      name: `contacts: number fragment (${d.numberFragment.slice(1, 7)})`,
      who: "admin",
      path: `/contacts/?${query({ searchParam: d.numberFragment.slice(1, 7), pageNumber: 1 })}`,
      goal: g.contacts,
    },
    {
      name: "dashboard: last 30 days",
      who: "admin",
      path: "/dashboard?days=30",
      goal: g.dashboard,
    },
  ];
}

/** PostgreSQL: one connection, so the seeding's session settings hold for every statement. */
async function withSeedConnection<T>(fn: (sql: ExecuteSql) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  try {
    return await fn((text, values) => client.query(text, values as unknown[]));
  } finally {
    await client.end();
  }
}

async function prepare(
  dataDir: string,
): Promise<{ dataset: Dataset; kind: "pglite" | "postgres" }> {
  const database = await createDatabase(
    URL_ ? { url: URL_, poolSize: 2 } : { pgliteDir: path.join(dataDir, "db") },
  );
  try {
    const t0 = Date.now();
    await database.migrate();
    const migrateSeconds = (Date.now() - t0) / 1000;
    if (migrateSeconds > 2) console.log(`migrations: ${migrateSeconds.toFixed(1)} s`);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ADMIN_PASSWORD: BENCH_PASSWORD,
    });
    await bootstrap(database.db, config, createLogger("warn"));
    const log = (line: string) => console.log(line);
    const dataset = URL_
      ? await withSeedConnection((sql) => ensureDataset(sql, TICKETS, PER_TICKET, log))
      : await ensureDataset(database.executeSql, TICKETS, PER_TICKET, log);
    return { dataset, kind: database.kind };
  } finally {
    await database.close();
  }
}

async function startServer(dataDir: string) {
  buildServer(root);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags({ DATABASE_URL: URL_ }),
      ...(process.env.BENCH_PROFILE
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
        : []),
      path.join(root, "apps/server/dist/main.js"),
    ],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: URL_ ?? "",
        REDIS_URL: "",
        ADMIN_PASSWORD: BENCH_PASSWORD,
        ACCESS_TOKEN_TTL: String(24 * 3600),
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, base };
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email} → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "-");

async function main() {
  const dbLabel = URL_ ? "postgres" : "pglite";
  const dataDir = URL_
    ? mkdtempSync(path.join(tmpdir(), "atrium-bench-"))
    : (process.env.BENCH_PGLITE_DIR ??
      path.join(tmpdir(), `atrium-bench-${datasetName(TICKETS, PER_TICKET).replace(/\W/g, "-")}`));
  mkdirSync(dataDir, { recursive: true });
  const { dataset, kind } = await prepare(dataDir);
  console.log(
    `${dbLabel}: company ${dataset.companyId}, ${dataset.tickets} tickets, ${dataset.messages} messages` +
      (dataset.seeded ? ` (seeded in ${dataset.seedSeconds.toFixed(0)} s)` : " (reused)"),
  );

  const { child, base } = await startServer(dataDir);
  const tokens: Record<Who, string> = {
    admin: await login(base, dataset.adminEmail),
    user: await login(base, dataset.userEmail),
  };
  // PostgreSQL's backends serving the server, to charge their CPU time to the calls.
  const monitor = URL_ ? new pg.Client({ connectionString: URL_ }) : undefined;
  await monitor?.connect();
  const backends = async () =>
    monitor
      ? (
          await monitor.query<{ pid: number }>(
            "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
          )
        ).rows.map((r) => r.pid)
      : [];
  const run = async (who: Who, pathname: string, requests = REQUESTS): Promise<Measured> => {
    const opts = { base, path: pathname, token: tokens[who], concurrency: CONCURRENCY };
    await load({ ...opts, requests: WARMUP });
    const pids = await backends();
    const node0 = cpuMs([child.pid!]);
    const db0 = cpuMs(pids);
    const result = await load({ ...opts, requests });
    return {
      ...result,
      nodeCpu: (cpuMs([child.pid!]) - node0) / requests,
      dbCpu: monitor ? (cpuMs(pids) - db0) / requests : NaN,
    };
  };

  const memory = watchMemory(child.pid!);
  const selected = scenarios(dataset, kind).filter((s) => !ONLY || ONLY.test(s.name));
  console.log(
    `\n${CONCURRENCY} concurrent clients, ${REQUESTS} requests per scenario (after ${WARMUP} warm-up)`,
  );
  const meBefore = await run("admin", "/auth/me");
  const results: { scenario: Scenario; result: Measured }[] = [];
  for (const scenario of selected) {
    const result = await run(scenario.who, scenario.path);
    results.push({ scenario, result });
    console.log(`  ${scenario.name}: p95 ${ms(result.p95)} ms`);
  }
  const meAfter = await run("admin", "/auth/me");
  const peakRss = memory.stop();
  const hwm = memoryOf(child.pid!)?.hwm ?? peakRss;
  // The baseline: both /auth/me runs together, so a noisy moment at either end weighs less.
  const me: Measured = {
    ...summarize([...meBefore.samples, ...meAfter.samples], meBefore.seconds + meAfter.seconds),
    nodeCpu: (meBefore.nodeCpu + meAfter.nodeCpu) / 2,
    dbCpu: (meBefore.dbCpu + meAfter.dbCpu) / 2,
  };
  await monitor?.end();
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));

  const line = (name: string, r: Measured, goal: string) =>
    console.log(
      `${name.slice(0, 56).padEnd(56)} ${r.reqPerSec.toFixed(0).padStart(6)} ${ms(r.p50).padStart(8)} ${ms(r.p95).padStart(8)} ${ms(r.p99).padStart(8)} ${(r.p95 / me.p95).toFixed(1).padStart(6)} ${ms(r.nodeCpu).padStart(6)} ${ms(r.dbCpu).padStart(6)}  ${goal}`,
    );
  console.log(
    `\n${"call".padEnd(56)} ${"req/s".padStart(6)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"p95×me".padStart(6)} ${"cpu:app".padStart(6)} ${"db".padStart(6)}  p95 goal`,
  );
  line("GET /auth/me (baseline, first and last)", me, "");
  for (const { scenario, result } of results) {
    const goal = scenario.goal
      ? `≤ ${scenario.goal} ms ${result.p95 <= scenario.goal ? "met" : "NOT MET"}`
      : "";
    line(scenario.name, result, goal);
  }
  console.log(
    `\nGET /auth/me p95 (both runs): ${ms(me.p95)} ms; server peak RSS ${hwm.toFixed(0)} MiB (goal ≤ ${RSS_BUDGET_MIB} MiB: ${hwm <= RSS_BUDGET_MIB ? "met" : "NOT MET"})`,
  );
  const summary = {
    database: kind,
    tickets: dataset.tickets,
    messages: dataset.messages,
    concurrency: CONCURRENCY,
    requests: REQUESTS,
    date: new Date().toISOString(),
    authMeP95: Number(me.p95.toFixed(2)),
    authMeCpuMsPerCall: {
      server: Number(me.nodeCpu.toFixed(2)),
      database: Number.isFinite(me.dbCpu) ? Number(me.dbCpu.toFixed(2)) : null,
    },
    serverPeakRssMiB: Math.round(hwm),
    rssGoalMet: hwm <= RSS_BUDGET_MIB,
    scenarios: results.map(({ scenario, result }) => ({
      name: scenario.name,
      path: scenario.path,
      reqPerSec: Number(result.reqPerSec.toFixed(1)),
      p50: Number(result.p50.toFixed(2)),
      p95: Number(result.p95.toFixed(2)),
      p99: Number(result.p99.toFixed(2)),
      p95VsAuthMe: Number((result.p95 / me.p95).toFixed(2)),
      serverCpuMsPerCall: Number(result.nodeCpu.toFixed(2)),
      databaseCpuMsPerCall: Number.isFinite(result.dbCpu) ? Number(result.dbCpu.toFixed(2)) : null,
      goalP95: scenario.goal ?? null,
      goalMet: scenario.goal ? result.p95 <= scenario.goal : null,
    })),
  };
  console.log(`\n${JSON.stringify(summary)}`);
  if (process.env.BENCH_JSON)
    writeFileSync(process.env.BENCH_JSON, `${JSON.stringify(summary, null, 2)}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
