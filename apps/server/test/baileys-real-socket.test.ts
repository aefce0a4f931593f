import { createServer, type AddressInfo, type Server as NetServer } from "node:net";
import { eq } from "drizzle-orm";
import { proto } from "baileys";
import { WebSocketServer } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionStateStore } from "../src/channels/baileys/auth-state.js";
import { BaileysSession, type StatusChange } from "../src/channels/baileys/session.js";
import { realSocketFactory } from "../src/channels/baileys/socket.js";
import { channelSessionState, connections } from "../src/db/schema/index.js";
import { createLogger } from "../src/lib/logger.js";
import {
  createConnection,
  eventually,
  request,
  seedCompany,
  startTestServer,
  type TestServer,
} from "./harness.js";

/**
 * The real Baileys wrapper (`realSocketFactory`: makeWASocket with our database auth store)
 * against local endpoints instead of WhatsApp: one that refuses the TCP connection and a
 * websocket server that reads the client's first frame and drops the connection. What needs
 * WhatsApp's servers (a QR code, CONNECTED, TIMEOUT after the QR codes) cannot happen here:
 * the Noise handshake requires a certificate signed by WhatsApp's key.
 */

/** A websocket endpoint that records each connection's first frame and then drops it. */
async function droppingEndpoint() {
  const firstFrames: Buffer[] = [];
  const connectedAt: number[] = [];
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
  wss.on("connection", (ws) => {
    connectedAt.push(Date.now());
    ws.once("message", (data: Buffer) => {
      firstFrames.push(Buffer.from(data));
      ws.terminate();
    });
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/ws/chat`,
    firstFrames,
    connectedAt,
    close: () => new Promise<void>((resolve) => wss.close(() => resolve())),
  };
}

/** The address of a local port nothing listens on: every connection is refused. */
async function refusedUrl() {
  const probe: NetServer = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `ws://127.0.0.1:${port}/ws/chat`;
}

/** The Noise intro and ClientHello of a first frame (Baileys' frame layout). */
function parseFirstFrame(frame: Buffer) {
  let offset = 0;
  let routingInfo: Buffer | null = null;
  if (frame.subarray(0, 2).toString() === "ED") {
    const length = (frame[4]! << 16) | frame.readUInt16BE(5);
    routingInfo = frame.subarray(7, 7 + length);
    offset = 7 + length;
  }
  const header = frame.subarray(offset, offset + 4);
  const size = (frame[offset + 4]! << 16) | (frame[offset + 5]! << 8) | frame[offset + 6]!;
  const hello = proto.HandshakeMessage.decode(frame.subarray(offset + 7, offset + 7 + size));
  return { routingInfo, header, ephemeral: Buffer.from(hello.clientHello?.ephemeral ?? []) };
}

let server: TestServer;
let endpoint: Awaited<ReturnType<typeof droppingEndpoint>>;
beforeAll(async () => {
  endpoint = await droppingEndpoint();
  server = await startTestServer({ config: { WA_WEB_SOCKET_URL: endpoint.url } });
});
afterAll(async () => {
  await server?.close();
  await endpoint?.close();
});

const logger = createLogger("silent");

/** A BaileysSession on the real socket factory and the database store, with short back-offs. */
async function realSession(url: string, opts: { baseMs: number; maxMs: number }) {
  const seed = await seedCompany(server);
  const connection = await createConnection(server, seed.company.id, {
    channelType: "BAILEYS",
    status: "DISCONNECTED",
  });
  const statuses: StatusChange[] = [];
  const store = new SessionStateStore(server.db);
  let factoryCalls = 0;
  const factory = realSocketFactory({ url });
  const session = new BaileysSession(seed.company.id, connection.id, {
    factory: (options) => {
      factoryCalls++;
      return factory(options);
    },
    store,
    logger,
    setStatus: async (change) => void statuses.push(change),
    onEvents: async () => undefined,
    onHalt: () => undefined,
    reconnectBaseMs: opts.baseMs,
    reconnectMaxMs: opts.maxMs,
  });
  return { seed, connection, session, statuses, store, calls: () => factoryCalls };
}

describe("the real Baileys socket against a local endpoint", () => {
  it("speaks WhatsApp's Noise protocol to the configured address, with the stored routing info", async () => {
    const { session, store, connection, seed } = await realSession(endpoint.url, {
      baseMs: 5_000,
      maxMs: 5_000,
    });
    // Saved creds (as after an earlier pairing) carry WhatsApp's edge routing info: the real
    // socket must load them from the database and open with them.
    const saved = await store.load(seed.company.id, connection.id);
    saved.state.creds.routingInfo = Buffer.from("edge-route-42");
    await saved.saveCreds();
    const before = endpoint.firstFrames.length;
    await session.start();
    try {
      await eventually(() => endpoint.firstFrames.length > before, 10_000);
      const first = parseFirstFrame(endpoint.firstFrames[before]!);
      expect(first.routingInfo?.toString()).toBe("edge-route-42");
      expect([...first.header]).toEqual([87, 65, 6, 3]); // "WA", protocol 6, dictionary 3
      expect(first.ephemeral).toHaveLength(32);
    } finally {
      session.stop();
    }
  });

  it("a dropped connection reconnects with exponential back-off and keeps OPENING", async () => {
    const { session, statuses, calls } = await realSession(endpoint.url, {
      baseMs: 100,
      maxMs: 800,
    });
    const before = endpoint.connectedAt.length;
    await session.start();
    try {
      await eventually(() => endpoint.connectedAt.length - before >= 5, 20_000);
      const times = endpoint.connectedAt.slice(before, before + 5);
      const gaps = times.slice(1).map((t, i) => t - times[i]!);
      // Each wait is at least half its step (100, 200, 400, 800 ms, capped at 800): load can
      // only lengthen them, so these lower bounds hold on any machine.
      [50, 100, 200, 400].forEach((min, i) => expect(gaps[i]).toBeGreaterThanOrEqual(min - 5));
      expect(calls()).toBeGreaterThanOrEqual(5);
      // Never a QR code, never connected: the session stays OPENING while it retries.
      expect(statuses.map((s) => s.status).filter((s) => s !== "OPENING")).toEqual([]);
      expect(session.status).toBe("OPENING");
    } finally {
      session.stop();
    }
  });

  it("a refused connection is retried too, and stop() ends the retries", async () => {
    const url = await refusedUrl();
    const { session, statuses, calls } = await realSession(url, { baseMs: 50, maxMs: 200 });
    try {
      await session.start();
      await eventually(() => calls() >= 3, 20_000);
      expect(statuses.map((s) => s.status).filter((s) => s !== "OPENING")).toEqual([]);
      session.stop();
      const callsAtStop = calls();
      // The positive control for "no more": a session started now retries on the same address;
      // the stopped one, with the same back-off, has made no call meanwhile. The stopped one's
      // next wait would be at most one 200 ms step; the control's first four waits (steps 50,
      // 100, 200, 200, each at least half its step) last at least 25 + 50 + 100 + 100 = 275 ms,
      // so its fifth call comes after any call the stopped session could still have made.
      const control = await realSession(url, { baseMs: 50, maxMs: 200 });
      await control.session.start();
      await eventually(() => control.calls() >= 5, 20_000);
      control.session.stop();
      expect(calls()).toBe(callsAtStop);
    } finally {
      session.stop();
    }
  });
});

describe("a WhatsApp connection on the real socket, through the API", () => {
  it("start shows OPENING while the socket retries; disconnect logs out: DISCONNECTED, creds dropped", async () => {
    const seed = await seedCompany(server);
    const connection = await createConnection(server, seed.company.id, {
      channelType: "BAILEYS",
      status: "DISCONNECTED",
      isDefault: false,
    });
    // Creds of an earlier pairing, in the database store.
    const saved = await new SessionStateStore(server.db).load(seed.company.id, connection.id);
    saved.state.creds.routingInfo = Buffer.from(`route-${connection.id}`);
    await saved.saveCreds();
    const credsRows = () =>
      server.db
        .select()
        .from(channelSessionState)
        .where(eq(channelSessionState.connectionId, connection.id));
    expect(await credsRows()).toHaveLength(1);

    const before = endpoint.firstFrames.length;
    const started = await request(
      server,
      seed.as.admin,
      "POST",
      `/whatsappsession/${connection.id}`,
    );
    expect(started.statusCode).toBe(200);
    // The session's socket opened with those creds.
    await eventually(
      () =>
        endpoint.firstFrames
          .slice(before)
          .some((f) => parseFirstFrame(f).routingInfo?.toString() === `route-${connection.id}`),
      10_000,
    );
    const statusOf = async () =>
      (await server.db.select().from(connections).where(eq(connections.id, connection.id)))[0]!
        .status;
    expect(await statusOf()).toBe("OPENING");
    const sessions = server.ctx.services.whatsappSessions.sessions;
    expect(sessions.running()).toContain(connection.id);

    const stopped = await request(
      server,
      seed.as.admin,
      "DELETE",
      `/whatsappsession/${connection.id}`,
    );
    expect(stopped.statusCode).toBe(200);
    await eventually(async () => (await statusOf()) === "DISCONNECTED", 10_000);
    expect(sessions.running()).not.toContain(connection.id);
    expect(await credsRows()).toEqual([]);
  });
});
