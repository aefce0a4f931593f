import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDatabase } from "../src/db/client.js";
import { workerDatabaseUrl } from "./test-database.js";

/**
 * Migrates once for all test files. On PostgreSQL (TEST_DATABASE_URL) the suite's database is
 * migrated and copied for each worker (test-database.ts); on PGlite a migrated database is
 * dumped to a file every test file's in-memory database starts from.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  const database = await createDatabase(url ? { url, poolSize: 1 } : {});
  try {
    await database.migrate();
    if (!url) {
      const dir = mkdtempSync(path.join(tmpdir(), "atrium-test-image-"));
      const file = path.join(dir, "pglite.tar");
      writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
      project.provide("pgliteImagePath", file);
      return () => rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await database.close();
  }
  await copyForWorkers(url, project.globalConfig.maxWorkers);
  return undefined;
}

async function copyForWorkers(url: string, workers: number): Promise<void> {
  const source = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (let worker = 1; worker <= workers; worker++) {
      const name = new URL(workerDatabaseUrl(url, worker)).pathname.slice(1);
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}" template "${source}"`);
    }
  } finally {
    await client.end();
  }
}
