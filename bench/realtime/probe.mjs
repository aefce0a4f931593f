// Preloaded into each benchmarked server process (node --import): answers the bench's IPC
// "probe" with the event-loop delay since the last probe and the process's memory.
import { readFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();

function peakRssMiB() {
  try {
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

process.on("message", (message) => {
  if (message !== "probe") return;
  const ms = (ns) => ns / 1e6;
  process.send?.({
    loopP50: ms(delay.percentile(50)),
    loopP99: ms(delay.percentile(99)),
    loopMax: ms(delay.max),
    rssMiB: process.memoryUsage.rss() / 1024 / 1024,
    peakRssMiB: peakRssMiB(),
  });
  delay.reset();
});
// The IPC channel must not keep a stopping server alive.
process.channel?.unref();
