// Gzip size of the JavaScript a route loads, read from the build manifest: the entry, the
// route's screen and the locale namespaces it shows, with every static import of theirs.
// The login route has a budget (issue #13); above it the script fails, and CI runs it.
// Usage (after `vite build` in apps/web): node scripts/route-bundle-size.mjs [--quiet]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const KIB = 1024;
/** What the first screen a visitor sees may load, gzip. */
const LOGIN_BUDGET_KIB = 150;

const dist = new URL("../dist/", import.meta.url).pathname;
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));
} catch {
  console.error("apps/web/dist/.vite/manifest.json not found: run `npm run build -w @atrium/web`");
  process.exit(2);
}

function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`${key} is not in the build manifest`);
    if (files.has(entry.file)) return;
    files.add(entry.file);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const locales = (ns) => ns.map((n) => `src/locales/pt/${n}.json`);
const routes = {
  "/login": {
    budgetKiB: LOGIN_BUDGET_KIB,
    keys: [
      "index.html",
      "src/features/auth/components/LoginPage.tsx",
      ...locales(["common", "backendErrors", "auth"]),
    ],
  },
  "/users (after login)": {
    keys: [
      "index.html",
      "src/app/MuiTheme.tsx",
      "src/app/layout/AppLayout.tsx",
      "src/features/users/components/UsersPage.tsx",
      "src/realtime/RealtimeSession.tsx",
      ...locales(["common", "backendErrors", "layout", "users"]),
    ],
  },
};

const quiet = process.argv.includes("--quiet");
let failed = false;
for (const [route, { keys, budgetKiB }] of Object.entries(routes)) {
  let total = 0;
  const rows = [...closure(keys)].map((file) => {
    const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += gz;
    return [file, gz];
  });
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`\n${route}`);
  if (!quiet)
    for (const [file, gz] of rows)
      console.log(`  ${file.padEnd(48)} ${(gz / KIB).toFixed(2).padStart(8)} KiB gzip`);
  const verdict =
    budgetKiB === undefined
      ? ""
      : total / KIB <= budgetKiB
        ? `  (budget ${budgetKiB} KiB: ok)`
        : `  (budget ${budgetKiB} KiB: OVER)`;
  console.log(`  ${"TOTAL".padEnd(48)} ${(total / KIB).toFixed(2).padStart(8)} KiB gzip${verdict}`);
  if (budgetKiB !== undefined && total / KIB > budgetKiB) failed = true;
}
if (failed) {
  console.error("\nA route is over its JavaScript budget.");
  process.exit(1);
}
