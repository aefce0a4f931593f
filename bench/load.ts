/**
 * A small closed-loop load generator (N clients, each sending its next request when the last
 * one answered) over keep-alive HTTP (./http.ts), and the server process's resident memory and
 * CPU time from /proc.
 */
import { readFileSync } from "node:fs";
import { HttpPool } from "./http.js";

export interface LoadResult {
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Sorted latencies (ms), kept to merge runs. */
  samples: number[];
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summarize(samples: number[], seconds: number): LoadResult {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    seconds,
    reqPerSec: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    samples: sorted,
  };
}

/** `requests` GETs of `path` by `concurrency` clients; latencies in ms. */
export async function load(opts: {
  base: string;
  path: string;
  token: string;
  concurrency: number;
  requests: number;
}): Promise<LoadResult> {
  const pool = new HttpPool(opts.base, opts.concurrency);
  const headers = { authorization: `Bearer ${opts.token}`, accept: "application/json" };
  const samples: number[] = [];
  let started = 0;
  const t0 = performance.now();
  const client = async () => {
    while (started < opts.requests) {
      started++;
      const start = performance.now();
      const reply = await pool.request("GET", opts.path, { headers });
      if (reply.status !== 200) throw new Error(`GET ${opts.path} → ${reply.status}`);
      samples.push(performance.now() - start);
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency }, client));
  } finally {
    pool.close();
  }
  return summarize(samples, (performance.now() - t0) / 1000);
}

/** Resident and peak resident memory (MiB) of a process, from /proc (Linux). */
export function memoryOf(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1]);
    return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every 100 ms; `stop()` gives the highest value seen (MiB). */
export function watchMemory(pid: number): { stop(): number } {
  let peak = 0;
  const sample = () => {
    const m = memoryOf(pid);
    if (m && m.rss > peak) peak = m.rss;
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

/** CPU time (ms, user + system) used so far by these processes, from /proc (Linux). */
export function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are 14 and 15.
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended: its time is lost, which only undercounts.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** USER_HZ: 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS = 100;
