import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuiltApp } from "../src/app.js";
import { messages, outboundSends } from "../src/db/schema/index.js";
import { createLogger } from "../src/lib/logger.js";
import { startFakeGraph, type FakeGraph } from "./fake-graph.js";
import { cloudTicket } from "./outbound-helpers.js";
import { eventually, request, startTestServer, uid, type TestServer } from "./harness.js";
import { testDatabaseUrl } from "./test-database.js";

/**
 * Several nodes on one database working the same send lanes: nothing is sent twice, and a node
 * killed mid-send loses nothing. Several nodes mean PostgreSQL (TEST_DATABASE_URL; PGlite is
 * the embedded single-node database): skipped without it.
 */
const DATABASE_URL = testDatabaseUrl();
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

let graph: FakeGraph;
let server: TestServer;
const children: ChildProcess[] = [];
beforeAll(async () => {
  graph = await startFakeGraph();
  server = await startTestServer({
    config: { GRAPH_API_URL: graph.url, OUTBOUND_STALE_SECONDS: "2" },
  });
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await server?.close();
  await graph?.close();
});

async function messageRow(id: number) {
  const [row] = await server.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

describe("outbound on several nodes", () => {
  // PGlite is the embedded single-node database: several nodes mean PostgreSQL.
  it.skipIf(!DATABASE_URL)(
    "two nodes working the same lanes send every message once, in order per connection",
    async () => {
      const other: BuiltApp = await buildApp({
        config: { ...server.config, INSTANCE_ID: `other-${uid()}` },
        database: server.database,
        logger: createLogger("silent"),
      });
      await other.app.ready();
      try {
        const lanes = [
          await cloudTicket(server, graph),
          await cloudTicket(server, graph),
          await cloudTicket(server, graph),
        ];
        const queued: number[] = [];
        for (let i = 0; i < 10; i++) {
          for (const [n, t] of lanes.entries()) {
            // Each node stores and queues half of the replies.
            const outbound = (i + n) % 2 ? other.ctx.outbound : server.ctx.outbound;
            queued.push((await outbound.queue(t.ticket, { body: `m${i}` })).id);
          }
        }
        await eventually(async () => {
          const rows = await Promise.all(queued.map(messageRow));
          return rows.every((r) => r.ack === 1);
        }, 20_000);
        const expected = Array.from({ length: 10 }, (_, i) => `m${i}`);
        for (const t of lanes) expect(t.posts().map((r) => r.body)).toEqual(expected);
      } finally {
        await other.app.close();
      }
    },
  );

  it.skipIf(!DATABASE_URL)(
    "a node killed mid-send: the message is not sent again by itself (no duplicate) and shows ERR_SEND_INTERRUPTED with its retry (no loss)",
    async () => {
      // Only the second process works lanes until it dies.
      await server.ctx.lanes.stop();
      const t = await cloudTicket(server, graph);
      graph.fail({ path: t.path, status: 200, error: { message: "hangs" }, delayMs: 120_000 });
      const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: "test",
          PORT: "0",
          HOST: "127.0.0.1",
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "atrium-outbound-node-")),
          DATABASE_URL,
          INSTANCE_ID: `outbound-dying-${uid()}`,
          JWT_SECRET: server.config.JWT_SECRET,
          JWT_REFRESH_SECRET: server.config.JWT_REFRESH_SECRET,
          ADMIN_PASSWORD: "outbound-node-pass",
          GRAPH_API_URL: graph.url,
          GRAPH_TIMEOUT_MS: "300000",
          OUTBOUND_QUEUE_PREFIX: server.config.OUTBOUND_QUEUE_PREFIX,
          OUTBOUND_STALE_SECONDS: "2",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      let output = "";
      child.stdout?.on("data", (d) => (output += d));
      child.stderr?.on("data", (d) => (output += d));

      const message = await server.ctx.outbound.queue(t.ticket, { body: "uma vez só" });
      // The other node took it: the provider has the call, our marker says "started".
      await eventually(() => t.posts().length === 1, 120_000).catch((err) => {
        throw new Error(`${(err as Error).message}\n${output}`);
      });
      const [marker] = await server.db
        .select()
        .from(outboundSends)
        .where(eq(outboundSends.messageId, message.id));
      expect(marker).toMatchObject({ completedAt: null });
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));

      server.ctx.lanes.start(server.ctx.delivery.attempt);
      await eventually(async () => (await messageRow(message.id)).error !== null, 15_000);
      expect(await messageRow(message.id)).toMatchObject({
        error: "ERR_SEND_INTERRUPTED",
        ack: 0,
        providerMessageId: null,
      });
      expect(t.posts()).toHaveLength(1);

      // A person checks and sends it again: it goes out.
      graph.clearFailures();
      const res = await request(server, t.as.member, "POST", `/messages/${message.id}/retry`);
      expect(res.statusCode).toBe(200);
      await eventually(async () => (await messageRow(message.id)).ack === 1);
      expect(t.posts().filter((r) => !r.failed)).toHaveLength(1);
    },
    240_000,
  );
});
