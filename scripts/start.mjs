// npm start: build what is out of date, then run the server (API + realtime + SPA) on PORT.
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, root } from "./build-if-needed.mjs";
import { serverNodeFlags } from "./server-node-flags.mjs";

buildIfNeeded();
const child = spawn(
  process.execPath,
  [...serverNodeFlags(), path.join(root, "apps/server/dist/main.js")],
  {
    cwd: root,
    stdio: "inherit",
    env: { NODE_ENV: "production", ...process.env },
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
