// npm run test:e2e: build what is out of date, then run the Playwright specs in Debian Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { buildIfNeeded, root } from "./build-if-needed.mjs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium`,
  );
  process.exit(1);
}
buildIfNeeded();
const res = spawnSync(
  "npx",
  ["playwright", "test", "-c", "e2e/playwright.config.ts", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(res.status ?? 1);
