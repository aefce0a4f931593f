// npm run bench: every load scenario, run through tsx from the sources.
//   npm run bench -- realtime        (or BENCH_SCENARIOS=inbox,realtime,outbound) runs only those.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const benches = {
  inbox: "bench/inbox.bench.ts",
  realtime: "bench/realtime.bench.ts",
  outbound: "bench/outbound.bench.ts",
  campaign: "bench/campaign.bench.ts",
};
const wanted = (
  process.argv.slice(2).join(",") ||
  process.env.BENCH_SCENARIOS ||
  Object.keys(benches).join(",")
)
  .split(",")
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of wanted) {
  if (!benches[name]) {
    console.error(`unknown bench "${name}" (known: ${Object.keys(benches).join(", ")})`);
    process.exit(1);
  }
  const res = spawnSync(process.execPath, ["--import", "tsx", benches[name]], {
    cwd: root,
    stdio: "inherit",
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
