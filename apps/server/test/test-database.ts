import { readFileSync } from "node:fs";
import { createClient } from "redis";
import { inject } from "vitest";
import { createDatabase, type Database } from "../src/db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite data folder every test file starts from (global-setup.ts). */
    pgliteImagePath: string;
  }
}

/** The worker's copy of the suite's PostgreSQL database (see workerDatabaseUrl). */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url ? workerDatabaseUrl(url, Number(process.env.VITEST_POOL_ID ?? 1)) : undefined;
}

/**
 * TEST_DATABASE_URL with its database named for one Vitest worker: global-setup migrates the
 * suite's database once and copies it for each worker, so files running side by side share no
 * rows, locks or job queues, and each worker runs its files one at a time.
 */
export function workerDatabaseUrl(url: string, worker: number): string {
  const u = new URL(url);
  u.pathname = `${u.pathname}_w${worker}`;
  return u.toString();
}

let image: Blob | undefined;

/**
 * A migrated database for one test file: the worker's PostgreSQL database when
 * TEST_DATABASE_URL is set, else a new in-memory PGlite copied from the image global-setup
 * made (about 0.5 s, where initdb and the migrations took 3 to 7).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = testDatabaseUrl();
  if (url) return createDatabase({ url, poolSize: 4 });
  image ??= new Blob([readFileSync(inject("pgliteImagePath"))]);
  return createDatabase({ pgliteImage: image });
}

/** Why Redis at `url` cannot be used (it does not answer a PING), or null when it can. */
export async function unreachableRedis(url: string): Promise<string | null> {
  const redis = createClient({ url, socket: { connectTimeout: 1500, reconnectStrategy: false } });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    await redis.quit();
    return null;
  } catch {
    return `no Redis reachable at ${url}`;
  }
}
