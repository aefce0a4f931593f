// Gzip size of the JavaScript a route loads, read from the build manifest.
// Usage (after `npx vite build` in apps/web): node scripts/route-bundle-size.mjs
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";

const dist = new URL("../dist/", import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8"));

function closure(keys) {
  const files = new Set();
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    for (const dep of entry.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const locales = (ns) => ns.map((n) => `src/locales/pt/${n}.json`);
const routes = {
  "/login": [
    "index.html",
    "src/features/auth/components/LoginPage.tsx",
    ...locales(["common", "backendErrors", "auth"]),
  ],
  "/users (after login)": [
    "index.html",
    "src/app/layout/AppLayout.tsx",
    "src/features/users/components/UsersPage.tsx",
    "../../node_modules/socket.io-client/build/esm/index.js",
    ...locales(["common", "backendErrors", "layout", "users"]),
  ],
};

for (const [route, keys] of Object.entries(routes)) {
  let total = 0;
  const rows = [...closure(keys)].map((file) => {
    const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    total += gz;
    return [file, gz];
  });
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`\n${route}`);
  for (const [file, gz] of rows)
    console.log(`  ${file.padEnd(44)} ${(gz / 1000).toFixed(2).padStart(8)} kB gzip`);
  console.log(`  ${"TOTAL".padEnd(44)} ${(total / 1000).toFixed(2).padStart(8)} kB gzip`);
}
