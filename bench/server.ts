/** What the benches need to start the real server: its bundle, built once, and a free port. */
import { spawnSync } from "node:child_process";
import net from "node:net";
import path from "node:path";

let built = false;

/**
 * Builds the server bundle (apps/server/dist/main.js) once per bench process: the benches run
 * the server as it ships, and its sources may be newer than the last build.
 */
export function buildServer(root: string): void {
  if (built) return;
  const build = spawnSync(process.execPath, ["build.mjs"], {
    cwd: path.join(root, "apps/server"),
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("server build failed");
  built = true;
}

/** A TCP port free on loopback now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}
