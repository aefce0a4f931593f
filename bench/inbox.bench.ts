/**
 * Inbox benchmark (not a test): seeds 50,000 tickets / 500,000 messages in one company and
 * measures p50/p95 latency at 10 concurrent requests of the first ticket page, a text search
 * and a 200-message ticket's messages page, through the real HTTP API.
 *
 *   npm run bench                                    # embedded PGlite in a temp folder
 *   BENCH_DATABASE_URL=postgres://… npm run bench    # PostgreSQL (use an empty database)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../apps/server/src/app.js";
import { loadConfig } from "../apps/server/src/config.js";
import { bootstrap } from "../apps/server/src/db/bootstrap.js";
import { createDatabase } from "../apps/server/src/db/client.js";
import { createLogger } from "../apps/server/src/lib/logger.js";

const TICKETS = Number(process.env.BENCH_TICKETS ?? 50_000);
const MESSAGES_PER_TICKET = 10;
const CONCURRENCY = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WORDS = [
  "pedido",
  "entrega",
  "boleto",
  "troca",
  "garantia",
  "cancelamento",
  "cadastro",
  "senha",
  "frete",
  "nota",
];

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "atrium-bench-"));
  const url = process.env.BENCH_DATABASE_URL;
  const database = await createDatabase(
    url ? { url, poolSize: 12 } : { pgliteDir: path.join(dataDir, "db") },
  );
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "bench@bench.test",
    ADMIN_PASSWORD: "bench123",
    NODE_ENV: "production",
  });
  await bootstrap(database.db, config, createLogger("warn"));
  const sql = (text: string) => database.executeSql(text);

  console.log(
    `database: ${database.kind}; seeding ${TICKETS} tickets × ${MESSAGES_PER_TICKET} messages…`,
  );
  const t0 = Date.now();
  const company = (
    await sql(`insert into companies (name) values ('Bench ${Date.now()}') returning id`)
  ).rows[0] as { id: number };
  const c = company.id;
  await sql(
    `insert into settings (company_id, key, value) select ${c}, key, value from settings where company_id = (select id from companies where is_platform limit 1)`,
  );
  const conn = (
    await sql(
      `insert into connections (company_id, name, channel_type, status, is_default) values (${c}, 'Bench', 'WEB_CHAT', 'CONNECTED', true) returning id`,
    )
  ).rows[0] as { id: number };
  const queue = (
    await sql(
      `insert into queues (company_id, name, color) values (${c}, 'Suporte', '#0a0') returning id`,
    )
  ).rows[0] as { id: number };
  await sql(
    `update users set company_id = ${c}, selected_company_id = null where email = 'bench@bench.test'`,
  );
  await sql(
    `insert into contacts (company_id, name, number) select ${c}, 'Cliente ' || g, '55119' || lpad(g::text, 8, '0') from generate_series(1, ${TICKETS}) g`,
  );
  await sql(`insert into tickets (company_id, protocol, status, contact_id, connection_id, queue_id, user_id, channel_type, last_message, updated_at, created_at)
    select ${c}, row_number() over (order by ct.id), (array['open','pending','closed','closed'])[1 + (ct.id % 4)], ct.id, ${conn.id}, ${queue.id},
           case when ct.id % 4 = 0 then (select id from users where email = 'bench@bench.test') end, 'WEB_CHAT', 'última mensagem',
           now() - (ct.id || ' minutes')::interval, now() - (ct.id || ' minutes')::interval
    from contacts ct where ct.company_id = ${c}`);
  const words = `array['${WORDS.join("','")}']`;
  await sql(`insert into messages (company_id, ticket_id, contact_id, connection_id, body, from_me, read, ack, created_at)
    select ${c}, t.id, t.contact_id, ${conn.id}, 'mensagem ' || m || ' sobre ' || (${words})[1 + ((t.id + m) % 10)] || ' ' || md5(t.id::text || m::text),
           m % 2 = 0, true, 3, t.created_at + (m || ' seconds')::interval
    from tickets t cross join generate_series(1, ${MESSAGES_PER_TICKET}) m where t.company_id = ${c}`);
  const big = (await sql(`select id from tickets where company_id = ${c} order by id limit 1`))
    .rows[0] as { id: number };
  await sql(`insert into messages (company_id, ticket_id, connection_id, body, from_me, read, created_at)
    select ${c}, ${big.id}, ${conn.id}, 'conversa longa ' || m, m % 2 = 0, true, now() - ((300 - m) || ' seconds')::interval from generate_series(1, ${200 - MESSAGES_PER_TICKET}) m`);
  await sql("analyze");
  const counts = (
    await sql(
      `select (select count(*) from tickets where company_id = ${c}) as tickets, (select count(*) from messages where company_id = ${c}) as messages`,
    )
  ).rows[0];
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s:`, counts);

  const { app } = await buildApp({
    config,
    database,
    logger: createLogger("warn"),
    limits: { loginPerIp: { max: 1e6, timeWindow: 60_000 } },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "bench@bench.test", password: "bench123" }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, accept: "application/json" };

  const scenarios: [string, string][] = [
    ["first ticket page (open, show all)", "/tickets?status=open&showAll=true&pageNumber=1"],
    ["first ticket page (pending)", "/tickets?status=pending&showAll=true&pageNumber=1"],
    [
      "search a word found in 10% of messages",
      "/tickets?searchParam=garantia&showAll=true&pageNumber=1",
    ],
    [
      "search a rare term (one contact's number)",
      "/tickets?searchParam=00042424&showAll=true&pageNumber=1",
    ],
    ["messages page of a 200-message ticket", `/messages/${big.id}?pageNumber=1&spy=true`],
  ];
  console.log(`\n${CONCURRENCY} concurrent clients, ${REQUESTS} requests per scenario`);
  for (const [name, pathname] of scenarios) {
    const times: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < REQUESTS) {
        next++;
        const start = performance.now();
        const res = await fetch(base + pathname, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${pathname} → ${res.status}`);
        times.push(performance.now() - start);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    times.sort((a, b) => a - b);
    const pct = (p: number) =>
      times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(50)} p50 ${pct(50).padStart(7)} ms   p95 ${pct(95).padStart(7)} ms`);
  }
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
