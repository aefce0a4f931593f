/**
 * Campaign benchmark (not a test), issue #15. One server node in this process (PostgreSQL with
 * CAMPAIGN_BENCH_DATABASE_URL or BENCH_DATABASE_URL, else PGlite in memory) sending to the fake
 * WhatsApp Cloud API in a process of its own (bench/outbound/fake-provider.ts):
 *
 *   a campaign of BENCH_CAMPAIGN_CONTACTS (10,000) list items on one Cloud connection with the
 *   intervals at 0, while the company's agent replies on the same connection (one reply posted
 *   every 100 ms, BENCH_CAMPAIGN_REPLIES of them):
 *   - the scheduling overhead per campaign message (the sender storing it: claim, contact,
 *     ticket, message; the run's first to last stored message over the count), and its ratio to
 *     GET /auth/me measured in the same run;
 *   - the time to create the campaign (its 10,000 recipients materialised before the answer);
 *   - the agent's replies, POST → the provider's call: p50 and p95 (goal ≤ 1 s), as the agent
 *     lane goes before the campaign's bulk lane.
 *
 *   BENCH_DATABASE_URL=postgres://…/a_database_of_its_own npm run bench -- campaign
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import { createDatabase } from "../apps/server/src/db/client.js";
import {
  campaignShipments,
  connections,
  contactListItems,
  contactLists,
  tickets,
} from "../apps/server/src/db/schema/index.js";
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

const URL_ = process.env.CAMPAIGN_BENCH_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
const CONTACTS = Number(process.env.BENCH_CAMPAIGN_CONTACTS ?? 10_000);
const REPLIES = Number(process.env.BENCH_CAMPAIGN_REPLIES ?? 100);

const ms = (n: number) => `${n.toFixed(2)} ms`;

async function main() {
  const graph = await startProvider();
  const database = await createDatabase(URL_ ? { url: URL_, poolSize: 10 } : {});
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "atrium-campaign-bench-")),
    JWT_SECRET: "campaign-bench-secret-0123456789abcdef0123",
    JWT_REFRESH_SECRET: "campaign-bench-refresh-0123456789abcdef01",
    LOG_LEVEL: "silent",
    GRAPH_API_URL: graph.url,
    GRAPH_TIMEOUT_MS: "2000",
    OUTBOUND_QUEUE_PREFIX: `bench${uid()}`,
    ACCESS_TOKEN_TTL: String(3600),
  });
  const built = await buildApp({ config, database, logger: createLogger("silent") });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  const server = { ...built, db: database.db, database, config, url: base, close: async () => {} };
  console.log(`campaign bench: ${URL_ ? "postgres" : "pglite"}, ${CONTACTS} contacts, interval 0`);

  const company = await createCompany(database.db, {}, { campaignsEnabled: "true" });
  const admin = await createUser(database.db, { companyId: company.id, profile: "admin" });
  const phoneNumberId = `pn${uid()}`;
  const [connection] = await database.db
    .insert(connections)
    .values({
      companyId: company.id,
      name: `Cloud ${uid()}`,
      channelType: "WHATSAPP_BUSINESS",
      status: "CONNECTED",
      config: { accessToken: `t-${uid()}`, phoneNumberId },
    })
    .returning();
  const { ticket } = await inbound(server as never, connection!, { number: "5511900000001" });
  await database.db
    .update(tickets)
    .set({ status: "open", userId: admin.id })
    .where(eq(tickets.id, ticket.id));
  const [list] = await database.db
    .insert(contactLists)
    .values({ companyId: company.id, name: "Bench" })
    .returning();
  await database.db.execute(sql`
    insert into ${contactListItems} (company_id, contact_list_id, name, number)
    select ${company.id}, ${list!.id}, 'Pessoa ' || g, (5521900000000 + g)::text
    from generate_series(1, ${CONTACTS}) g`);

  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: admin.email, password: DEFAULT_PASSWORD }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  const authMe = async (rounds = 50) => {
    const samples: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t0 = performance.now();
      await call("GET", "/auth/me");
      samples.push(performance.now() - t0);
    }
    return percentile(
      samples.sort((a, b) => a - b),
      50,
    );
  };
  const waitFor = async (check: () => boolean | Promise<boolean>, limitMs: number) => {
    const deadline = Date.now() + limitMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("bench phase did not finish in time");
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  const settings = await call("PUT", "/campaign-settings", {
    messageIntervalMin: 0,
    messageIntervalMax: 0,
    longerIntervalAfter: 0,
    greaterInterval: 0,
    allowedHoursStart: "00:00",
    allowedHoursEnd: "23:59",
    allowedDays: [0, 1, 2, 3, 4, 5, 6],
    optOutWords: ["SAIR"],
  });
  if (!settings.ok) throw new Error(`settings → ${settings.status}`);
  const me = await authMe();

  const tCreate = performance.now();
  const created = await call("POST", "/campaigns", {
    name: "Bench",
    whatsappId: connection!.id,
    contactListId: list!.id,
    messages: ["Olá {nome}!", "Oi {nome}, tudo bem?"],
  });
  const createMs = performance.now() - tCreate;
  if (created.status !== 201) throw new Error(`create → ${created.status} ${await created.text()}`);
  const campaignId = ((await created.json()) as { id: number }).id;

  // The agent replies on the same connection while the campaign runs.
  const posted = new Map<string, number>();
  for (let i = 0; i < REPLIES; i++) {
    const body = `agente ${i}`;
    posted.set(body, Date.now());
    const res = await call("POST", `/messages/${ticket.id}`, { body });
    if (res.status !== 201) throw new Error(`reply → ${res.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stored = async () => {
    const [row] = await database.db
      .select({
        n: sql<number>`count(*) filter (where ${campaignShipments.sentAt} is not null)`.mapWith(
          Number,
        ),
        first: sql<string>`min(${campaignShipments.sentAt})`,
        last: sql<string>`max(${campaignShipments.sentAt})`,
      })
      .from(campaignShipments)
      .where(eq(campaignShipments.campaignId, campaignId));
    return row!;
  };
  await waitFor(async () => (await stored()).n >= CONTACTS, 1_800_000);
  const run = await stored();
  const spanMs = new Date(run.last).getTime() - new Date(run.first).getTime();
  const perMessage = spanMs / Math.max(1, CONTACTS - 1);
  await waitFor(async () => (await graph.count()) >= CONTACTS + REPLIES, 1_800_000);

  const latencies: number[] = [];
  for (const r of await graph.log(phoneNumberId)) {
    const start = posted.get(r.body);
    if (start !== undefined) latencies.push(r.at - start);
  }
  latencies.sort((x, y) => x - y);
  const p95 = percentile(latencies, 95);

  line("GET /auth/me p50 (baseline)", ms(me));
  line(
    `create, ${CONTACTS} recipients materialised`,
    ms(createMs),
    "",
    `${(createMs / me).toFixed(1)}× /auth/me`,
  );
  line(
    "sender: scheduling overhead per message",
    ms(perMessage),
    "",
    `${(perMessage / me).toFixed(2)}× /auth/me`,
  );
  line("sender: messages stored per second", `${(1000 / perMessage).toFixed(0)} msg/s`);
  line(
    `agent reply, POST → provider call, p50 (${latencies.length})`,
    ms(percentile(latencies, 50)),
  );
  line(
    "agent reply, POST → provider call, p95",
    ms(p95),
    `${p95 <= 1000 ? "✓" : "✗"} ≤ 1 s`,
    `${(p95 / me).toFixed(1)}× /auth/me`,
  );

  await built.app.close();
  await database.close();
  graph.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
