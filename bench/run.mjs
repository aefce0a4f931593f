// npm run bench: every load scenario, run through tsx from the sources.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const res = spawnSync(process.execPath, ["--import", "tsx", "bench/inbox.bench.ts"], {
  cwd: root,
  stdio: "inherit",
});
process.exit(res.status ?? 1);
