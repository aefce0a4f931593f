import path from "node:path";
import { createClient } from "redis";
import { buildApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { bootstrap } from "./db/bootstrap.js";
import { createDatabase, type Database } from "./db/client.js";
import { maintainPglite, PGLITE_MAINTENANCE_MS } from "./db/pglite-maintenance.js";
import { findWebDist, findWidgetDist } from "./http/spa.js";
import { limitHeapGrowth } from "./lib/heap.js";
import { createLogger, type Logger } from "./lib/logger.js";

const PRESENCE_SWEEP_MS = 60_000;

async function connectRedis(config: Config) {
  if (!config.REDIS_URL) return undefined;
  const pub = createClient({ url: config.REDIS_URL });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
  return { pub, sub };
}

/** The embedded database has no autovacuum: its tables are looked over now and then. */
function maintainEmbedded(database: Database, logger: Logger): NodeJS.Timeout {
  const run = async () => {
    const started = Date.now();
    const tables = await maintainPglite(database.executeSql);
    if (tables.length)
      logger.info({ tables, ms: Date.now() - started }, "embedded database vacuumed and analyzed");
  };
  const guarded = () =>
    void run().catch((err) => logger.warn({ err }, "embedded database maintenance failed"));
  guarded();
  const timer = setInterval(guarded, PGLITE_MAINTENANCE_MS);
  timer.unref();
  return timer;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  limitHeapGrowth(config.DATABASE_URL ? "postgres" : "embedded");
  const database = await createDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, "db"),
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    log: (message) => logger.info(message),
    warn: (message) => logger.warn(message),
  });
  await database.migrate();
  await bootstrap(database.db, config, logger);

  const redis = await connectRedis(config);
  const webDist = findWebDist();
  if (!webDist) logger.warn("apps/web/dist not found: serving the API only (run npm run build)");
  const { app, ctx } = await buildApp({
    config,
    database,
    logger,
    redis,
    webDist,
    widgetDist: findWidgetDist(),
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(
    {
      url: config.PUBLIC_URL,
      database: database.kind,
      redis: Boolean(redis),
      instance: config.INSTANCE_ID,
    },
    `Atrium is running on ${config.PUBLIC_URL}`,
  );

  // Paired WhatsApp sessions of companies on this node start again, in the background.
  void ctx.services.whatsappSessions.sessions
    .restoreOwned()
    .then((n) => n && logger.info({ sessions: n }, "restoring WhatsApp sessions"))
    .catch((err) => logger.warn({ err }, "could not restore WhatsApp sessions"));

  // Files stored before type detection: their types are checked from the bytes, once.
  void ctx.services.files
    .checkLegacy(logger)
    .catch((err) => logger.warn({ err }, "could not check the types of legacy files"));

  const sweep = setInterval(() => {
    ctx.presence.sweep().catch((err) => logger.warn({ err }, "presence sweep failed"));
  }, PRESENCE_SWEEP_MS);
  sweep.unref();
  const maintenance = database.kind === "pglite" ? maintainEmbedded(database, logger) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    clearInterval(sweep);
    clearInterval(maintenance);
    await app.close().catch(() => undefined);
    await Promise.all([redis?.pub.quit(), redis?.sub.quit()]).catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  process.stderr.write(
    `Atrium failed to start: ${err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
