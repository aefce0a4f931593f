import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

/** How long making a new data folder may take (initdb: a few seconds). */
const INIT_TIMEOUT_MS = 120_000;

/**
 * Makes a new PGlite data folder in a short-lived child process. PGlite 0.4 runs initdb as a
 * second WASM instance inside the process that opens an empty folder: the server's first start
 * peaked at 911 MiB (388 MiB with PGlite 0.3) and kept most of it until V8 collected that
 * instance. The child exits with all of it, and the server then opens the folder as it does on
 * every later start. A folder that already holds a database is left as it is.
 */
export async function makePgliteFolder(dir: string, database: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `const { PGlite } = require(${JSON.stringify(pglite)});
(async () => {
  const db = new PGlite({ dataDir: process.argv[1], database: process.argv[2] });
  await db.waitReady;
  await db.close();
})().catch((err) => { console.error(err); process.exit(1); });`;
  try {
    await promisify(execFile)(process.execPath, ["-e", script, dir, database], {
      timeout: INIT_TIMEOUT_MS,
    });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`could not make the database folder ${dir}${stderr ? `: ${stderr}` : ""}`, {
      cause: err,
    });
  }
}
