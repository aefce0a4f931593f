/**
 * Server nodes of the realtime bench: the real server as it ships (apps/server/dist/main.js,
 * built once per run, as the inbox bench and npm start run it) in its own process, on
 * PostgreSQL and Redis, with a probe preloaded that reports its event-loop delay and memory over
 * IPC.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverNodeFlags } from "../../scripts/server-node-flags.mjs";
import { buildServer, freePort } from "../server.js";

export interface NodeProbe {
  loopP50: number;
  loopP99: number;
  loopMax: number;
  rssMiB: number;
  peakRssMiB: number;
}

export interface ServerNode {
  name: string;
  /** CPU time (user + system, ms) the process used so far. */
  cpuMs(): number;
  url: string;
  child: ChildProcess;
  /** Event-loop delay since the previous probe, and memory. */
  probe(): Promise<NodeProbe>;
  stop(): Promise<void>;
}

export interface NodeEnv {
  root: string;
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  metaAppSecret: string;
  adminEmail: string;
  adminPassword: string;
}

export async function startNode(name: string, env: NodeEnv): Promise<ServerNode> {
  buildServer(env.root);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags({ DATABASE_URL: env.databaseUrl }),
      "--import",
      "./bench/realtime/probe.mjs",
      ...(process.env.BENCH_RT_PROFILE
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_RT_PROFILE}`]
        : []),
      "apps/server/dist/main.js",
    ],
    {
      cwd: env.root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: url,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `atrium-rt-${name}-`)),
        DATABASE_URL: env.databaseUrl,
        REDIS_URL: env.redisUrl,
        INSTANCE_ID: `bench-${name}`,
        JWT_SECRET: env.jwtSecret,
        JWT_REFRESH_SECRET: `${env.jwtSecret}-refresh`,
        META_APP_SECRET: env.metaAppSecret,
        ADMIN_EMAIL: env.adminEmail,
        ADMIN_PASSWORD: env.adminPassword,
        // Visitors are told apart by X-Forwarded-For (each has its own address and limits).
        TRUST_PROXY: "127.0.0.1",
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output = (output + d).slice(-4000)));
  child.stderr?.on("data", (d) => (output = (output + d).slice(-4000)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node ${name} exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`node ${name} did not start:\n${output}`);
    }
    const up = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const probe = () =>
    new Promise<NodeProbe>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`node ${name}: no probe answer`)), 10_000);
      child.once("message", (m) => {
        clearTimeout(timer);
        resolve(m as NodeProbe);
      });
      child.send("probe");
    });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { name, url, child, cpuMs: () => processCpuMs(child.pid!), probe, stop };
}

/** CPU time (user + system, ms) of a process so far, from /proc (Linux); 0 once it is gone. */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the command name: utime and stime are the 14th and 15th, in 1/100 s.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * CPU time of the PostgreSQL backends serving `database` (their title names it), summed:
 * the database's share of a scenario when it runs on this machine. Backends that end during
 * the scenario are missed, so it undercounts a little.
 */
export function databaseCpuMs(database: string): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (title.startsWith("postgres: ") && title.includes(` ${database} `)) {
        total += processCpuMs(Number(entry));
      }
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
