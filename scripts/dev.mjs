// npm run dev: the server with reload (tsx watch) and the Vite dev server (proxying the API).
import { spawn } from "node:child_process";
import { root } from "./build-if-needed.mjs";

const children = [
  spawn("npm", ["run", "dev", "-w", "@atrium/server"], { cwd: root, stdio: "inherit" }),
  spawn("npm", ["run", "dev", "-w", "@atrium/web"], { cwd: root, stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
children.forEach((c) =>
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
