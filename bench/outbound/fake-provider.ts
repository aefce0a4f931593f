/**
 * A minimal WhatsApp Cloud API for the outbound bench, in its own process so the server under
 * test keeps its CPU: POST /v21.0/{phoneNumberId}/messages answers a message id at once (or
 * 500 / a 3 s stall for a failing number). Control: POST /__fail {id, mode}, GET /__count,
 * GET /__log/{id} (the texts it received for that number, with arrival times). Prints its port.
 */
import { createServer } from "node:http";

const failing = new Map<string, "500" | "timeout">();
const log = new Map<string, { body: string; at: number }[]>();
let total = 0;
let counter = 0;

const server = createServer((req, res) => {
  const at = Date.now();
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const url = req.url ?? "/";
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url === "/__count") return json(200, { total });
    if (url.startsWith("/__log/")) return json(200, log.get(url.slice(7)) ?? []);
    const raw = Buffer.concat(chunks).toString("utf8");
    if (url === "/__fail") {
      const { id, mode } = JSON.parse(raw) as { id: string; mode: "500" | "timeout" };
      failing.set(id, mode);
      return json(204, {});
    }
    const m = /^\/v21\.0\/([^/]+)\/messages$/.exec(url);
    if (req.method !== "POST" || !m) return json(400, { error: { message: "unknown", code: 100 } });
    const id = m[1]!;
    const mode = failing.get(id);
    if (mode === "timeout") return void setTimeout(() => json(500, {}), 3000);
    if (mode === "500") return json(500, { error: { message: "Service unavailable", code: 2 } });
    total++;
    const body = (JSON.parse(raw) as { text?: { body?: string } }).text?.body ?? "";
    const list = log.get(id) ?? [];
    list.push({ body, at });
    log.set(id, list);
    json(200, { messaging_product: "whatsapp", messages: [{ id: `wamid.bench${++counter}` }] });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  console.log(String((server.address() as { port: number }).port));
});
