// Builds the web client, the server and the web-chat widget when their sources are newer than their builds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestMtime(entries) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== "node_modules") walk(path.join(p, name));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  entries.forEach((e) => walk(path.join(root, e)));
  return newest;
}

function outdated(output, sources) {
  const out = path.join(root, output);
  return !existsSync(out) || statSync(out).mtimeMs < newestMtime(sources);
}

function run(args) {
  const res = spawnSync("npm", args, { cwd: root, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

export function buildIfNeeded() {
  const shared = ["packages/shared/src", "package-lock.json"];
  if (
    outdated("apps/web/dist/index.html", [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      ...shared,
    ])
  ) {
    console.log("Building the web client…");
    run(["run", "build", "-w", "@atrium/web"]);
  }
  if (
    outdated("apps/server/dist/main.js", ["apps/server/src", "apps/server/build.mjs", ...shared])
  ) {
    console.log("Building the server…");
    run(["run", "build", "-w", "@atrium/server"]);
  }
  if (
    outdated("apps/widget/dist/widget.js", [
      "apps/widget/src",
      "apps/widget/vite.config.ts",
      "package-lock.json",
    ])
  ) {
    console.log("Building the web-chat widget…");
    run(["run", "build", "-w", "@atrium/widget"]);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfNeeded();
