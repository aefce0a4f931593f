/**
 * Outbound benchmark (not a test), issue #12. One server node in this process (PostgreSQL with
 * OUTBOUND_BENCH_DATABASE_URL or BENCH_DATABASE_URL, else PGlite in memory) sending to the
 * fake WhatsApp Cloud API in a process of its own (bench/outbound/fake-provider.ts) on loopback:
 *
 *   1. throughput: BENCH_OB_MESSAGES (2,000) stored replies on BENCH_OB_CONNECTIONS (16)
 *      WhatsApp Cloud connections, queued while the lanes are stopped, then sent; the fake
 *      answers at once (goal ≥ 500 messages/s);
 *   2. isolation: company A's connection failing (the fake answers 500, or times out with
 *      BENCH_OB_FAILURE=timeout) with 1,000 queued sends, while company B's agent sends 100
 *      replies through POST /messages/:ticketId, 10 at a time: B's p95 from the POST to the
 *      provider's call (goal ≤ 1 s).
 *
 * Each figure is printed with its ratio to GET /auth/me measured in the same run (the machines
 * are shared and noisy: the ratios travel better than the milliseconds).
 *
 *   BENCH_DATABASE_URL=postgres://…/a_database_of_its_own npm run bench -- outbound
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import { createDatabase } from "../apps/server/src/db/client.js";
import { connections, messages, tickets } from "../apps/server/src/db/schema/index.js";
import { createLogger } from "../apps/server/src/lib/logger.js";
import {
  createCompany,
  createUser,
  DEFAULT_PASSWORD,
  inbound,
  uid,
} from "../apps/server/test/harness.js";
import { percentile } from "./load.js";
import { line, startProvider } from "./outbound/provider.js";

const URL_ = process.env.OUTBOUND_BENCH_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
const TOTAL = Number(process.env.BENCH_OB_MESSAGES ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_OB_CONNECTIONS ?? 16);
const FAILING_QUEUED = 1000;
const B_REPLIES = 100;
const FAILURE = process.env.BENCH_OB_FAILURE === "timeout" ? "timeout" : "500";

const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main() {
  const graph = await startProvider();
  const database = await createDatabase(URL_ ? { url: URL_, poolSize: 10 } : {});
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "atrium-outbound-bench-")),
    JWT_SECRET: "outbound-bench-secret-0123456789abcdef0123",
    JWT_REFRESH_SECRET: "outbound-bench-refresh-0123456789abcdef012",
    LOG_LEVEL: "silent",
    GRAPH_API_URL: graph.url,
    GRAPH_TIMEOUT_MS: "2000",
    OUTBOUND_QUEUE_PREFIX: `bench${uid()}`,
    ACCESS_TOKEN_TTL: String(3600),
    ...(process.env.OUTBOUND_CONCURRENCY && {
      OUTBOUND_CONCURRENCY: process.env.OUTBOUND_CONCURRENCY,
    }),
  });
  const built = await buildApp({ config, database, logger: createLogger("silent") });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  const server = { ...built, db: database.db, database, config, url: base, close: async () => {} };
  const { ctx } = built;
  console.log(
    `outbound bench: ${URL_ ? "postgres" : "pglite"}, OUTBOUND_CONCURRENCY ${config.OUTBOUND_CONCURRENCY}, failure ${FAILURE}`,
  );

  /** A company, its agent and `n` Cloud connections each with an open ticket of the agent's. */
  async function company(n: number) {
    const row = await createCompany(database.db);
    const agent = await createUser(database.db, { companyId: row.id, profile: "admin" });
    const lanes = [];
    for (let i = 0; i < n; i++) {
      const phoneNumberId = `pn${uid()}`;
      const [connection] = await database.db
        .insert(connections)
        .values({
          companyId: row.id,
          name: `Cloud ${uid()}`,
          channelType: "WHATSAPP_BUSINESS",
          status: "CONNECTED",
          config: { accessToken: `t-${uid()}`, phoneNumberId },
        })
        .returning();
      const { ticket } = await inbound(server as never, connection!, {
        number: `55119${uid().slice(0, 6)}`,
      });
      const [open] = await database.db
        .update(tickets)
        .set({ status: "open", userId: agent.id })
        .where(eq(tickets.id, ticket.id))
        .returning();
      lanes.push({ ticket: open!, phoneNumberId });
    }
    const res = await fetch(`${base}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: agent.email, password: DEFAULT_PASSWORD }),
    });
    const token = ((await res.json()) as { token: string }).token;
    return { row, agent, lanes, token };
  }

  async function authMe(token: string, rounds = 50): Promise<number> {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
      samples.push(performance.now() - t0);
    }
    return percentile(
      samples.sort((a, b) => a - b),
      50,
    );
  }

  const waitFor = async (check: () => boolean | Promise<boolean>, limitMs: number) => {
    const deadline = Date.now() + limitMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("bench phase did not finish in time");
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  // ---------------------------------------------------------------- 1. throughput
  const t = await company(CONNECTIONS);
  const me1 = await authMe(t.token);
  await ctx.lanes.stop();
  for (let i = 0; i < TOTAL; i++) {
    const lane = t.lanes[i % t.lanes.length]!;
    await ctx.outbound.queue(lane.ticket, { body: `t${i}` });
  }
  const sentBefore = await graph.count();
  const t0 = Date.now();
  ctx.lanes.start(ctx.delivery.attempt);
  await waitFor(async () => (await graph.count()) - sentBefore >= TOTAL, 600_000);
  const seconds = (Date.now() - t0) / 1000;
  const rate = TOTAL / seconds;
  const [unsent] = await database
    .executeSql(
      `select count(*)::int as n from messages where company_id = $1 and from_me and ack = 0`,
      [t.row.id],
    )
    .then((r) => r.rows as { n: number }[]);
  line("GET /auth/me p50 (baseline)", ms(me1));
  line(
    `throughput, ${TOTAL} sends on ${CONNECTIONS} connections`,
    `${rate.toFixed(0)} msg/s`,
    `${rate >= 500 ? "✓" : "✗"} ≥ 500/s`,
    `${(1000 / rate / me1).toFixed(2)}× /auth/me per send`,
  );
  await waitFor(async () => {
    const [row] = (
      await database.executeSql(
        `select count(*)::int as n from messages where company_id = $1 and from_me and ack = 0`,
        [t.row.id],
      )
    ).rows as { n: number }[];
    return row!.n === 0;
  }, 60_000);
  if (unsent && unsent.n) line("  (acks recorded after the last provider call)", `${unsent.n}`);

  // ---------------------------------------------------------------- 2. isolation
  const a = await company(1);
  const b = await company(1);
  const aLane = a.lanes[0]!;
  const bLane = b.lanes[0]!;
  await graph.fail(aLane.phoneNumberId, FAILURE);
  for (let i = 0; i < FAILING_QUEUED; i++) {
    await ctx.outbound.queue(aLane.ticket, { body: `a${i}` });
  }
  const me2 = await authMe(b.token);
  const latencies: number[] = [];
  const posted = new Map<string, number>();
  // An agent's pace: each reply posted once the previous POST answered.
  for (let i = 0; i < B_REPLIES; i++) {
    const body = `b${i}`;
    posted.set(body, Date.now());
    const res = await fetch(`${base}/messages/${bLane.ticket.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${b.token}`, "content-type": "application/json" },
      body: JSON.stringify({ body }),
    });
    if (res.status !== 201) throw new Error(`POST → ${res.status} ${await res.text()}`);
  }
  await waitFor(async () => (await graph.log(bLane.phoneNumberId)).length >= B_REPLIES, 120_000);
  for (const r of await graph.log(bLane.phoneNumberId)) {
    const start = posted.get(r.body);
    if (start !== undefined) latencies.push(r.at - start);
  }
  latencies.sort((x, y) => x - y);
  const p95 = percentile(latencies, 95);
  const [aRow] = await database.db
    .select()
    .from(connections)
    .where(eq(connections.id, aLane.ticket.connectionId));
  const aSent = await database.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.ticketId, aLane.ticket.id));
  line("GET /auth/me p50 (baseline)", ms(me2));
  line(
    `B's reply, POST → provider call, p50 (A failing: ${FAILURE})`,
    ms(percentile(latencies, 50)),
  );
  line(
    `B's reply, POST → provider call, p95`,
    ms(p95),
    `${p95 <= 1000 ? "✓" : "✗"} ≤ 1 s`,
    `${(p95 / me2).toFixed(1)}× /auth/me`,
  );
  line(
    "A's connection meanwhile",
    `${aRow!.degraded ? "degraded" : "not degraded"}, ${aRow!.sendFailures} failures`,
    "",
    `${aSent.length - 1} messages waiting`,
  );

  await built.app.close();
  await database.close();
  graph.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
