import { spawn } from "node:child_process";

/** One line of a bench's table: figure, value, goal, ratio. */
export const line = (figure: string, value: string, goal = "", ratio = "") =>
  console.log(`  ${figure.padEnd(52)} ${value.padStart(16)}  ${goal.padEnd(14)} ${ratio}`);

/**
 * The fake WhatsApp Cloud API (fake-provider.ts) in a process of its own, so its work does not
 * count as the server's; resolves with its base URL and a small control client.
 */
export async function startProvider() {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/outbound/fake-provider.ts"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout!.once("data", (d: Buffer) => resolve(d.toString().trim())),
  );
  const origin = `http://127.0.0.1:${port}`;
  const get = async <T>(p: string) => (await (await fetch(`${origin}${p}`)).json()) as T;
  return {
    url: `${origin}/v21.0`,
    count: async () => (await get<{ total: number }>("/__count")).total,
    log: (id: string) => get<{ body: string; at: number }[]>(`/__log/${id}`),
    fail: (id: string, mode: string) =>
      fetch(`${origin}/__fail`, { method: "POST", body: JSON.stringify({ id, mode }) }),
    stop: () => child.kill(),
  };
}
