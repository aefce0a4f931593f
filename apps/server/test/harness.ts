import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { io as connectSocket, type Socket } from "socket.io-client";
import { buildApp, type AppLimits, type BuiltApp } from "../src/app.js";
import { loadConfig, type Config } from "../src/config.js";
import { ensureDefaultSettings } from "../src/db/bootstrap.js";
import type { Database, Db } from "../src/db/client.js";
import {
  companies,
  connections,
  contacts,
  plans,
  queues,
  settings,
  tickets,
  userQueues,
  users,
} from "../src/db/schema/index.js";
import { LOGIN_GUARD_DEFAULTS, LoginGuard } from "../src/lib/attempts.js";
import { createLogger } from "../src/lib/logger.js";
import { hashPassword } from "../src/lib/password.js";
import { openTestDatabase } from "./test-database.js";

export interface TestServer extends BuiltApp {
  db: Db;
  database: Database;
  config: Config;
  /** http://127.0.0.1:port when started with { listen: true }. */
  url: string;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "atrium-test-")),
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    JWT_REFRESH_SECRET: "test-refresh-secret-test-refresh-secret-01",
    LOG_LEVEL: "silent",
    // Each test server works its own send lanes (parallel servers share one database) and
    // backs off briefly; the Baileys rate guard is off unless a test sets it.
    OUTBOUND_QUEUE_PREFIX: `t${randomUUID().slice(0, 8)}`,
    OUTBOUND_BACKOFF_MS: "40",
    OUTBOUND_BACKOFF_MAX_MS: "400",
    BAILEYS_REPLY_GAP_MS: "0-0",
    BAILEYS_REPLY_PER_MINUTE: "100000",
    BAILEYS_BULK_GAP_MS: "0-0",
    BAILEYS_BULK_PER_MINUTE: "100000",
    ...overrides,
  });
}

/**
 * One server per test file: PGlite in memory by default, PostgreSQL when TEST_DATABASE_URL is
 * set (test-database.ts). Tests isolate themselves with fresh companies.
 */
export async function startTestServer(
  opts: {
    listen?: boolean;
    config?: Record<string, string>;
    loginPerIp?: number;
    /** Limits replacing the test defaults (which are loose so suites can log in freely). */
    limits?: Partial<AppLimits>;
    /** Folder of a built SPA to serve (index.html, assets/). */
    webDist?: string;
    /** Folder of a built widget (widget.js). */
    widgetDist?: string;
  } = {},
): Promise<TestServer> {
  const database = await openTestDatabase();
  const config = testConfig(opts.config);
  const built = await buildApp({
    config,
    database,
    logger: createLogger("silent"),
    webDist: opts.webDist,
    widgetDist: opts.widgetDist,
    limits: {
      loginPerIp: { max: opts.loginPerIp ?? 10_000, timeWindow: 60_000 },
      webchatSession: { max: 10_000, timeWindow: 60_000 },
      login: new LoginGuard({ ...LOGIN_GUARD_DEFAULTS, maxPerClient: 5 }),
      ...opts.limits,
    },
  });
  let address = "";
  if (opts.listen) {
    await built.app.listen({ port: 0, host: "127.0.0.1" });
    address = `http://127.0.0.1:${(built.app.server.address() as AddressInfo).port}`;
  } else {
    await built.app.ready();
  }
  return {
    ...built,
    db: database.db,
    database,
    config,
    url: address,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

// ---------------------------------------------------------------- factories

export const uid = () => randomUUID().slice(0, 8);

export async function createCompany(
  db: Db,
  overrides: Partial<typeof companies.$inferInsert> = {},
  settingsOverrides: Record<string, string> = {},
) {
  const [plan] = await db
    .insert(plans)
    .values({
      name: `Plan ${uid()}`,
      userLimit: 100,
      queueLimit: 100,
      limitBaileys: 100,
      limitFacebook: 100,
      limitInstagram: 100,
      limitWhatsappBusiness: 100,
      limitWebChat: 100,
    })
    .returning();
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${uid()}`, planId: plan!.id, ...overrides })
    .returning();
  await ensureDefaultSettings(db, company!.id);
  for (const [key, value] of Object.entries(settingsOverrides)) {
    await setSetting(db, company!.id, key, value);
  }
  return company!;
}

export async function setSetting(db: Db, companyId: number, key: string, value: string) {
  await db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

export async function createQueue(
  db: Db,
  companyId: number,
  overrides: Partial<typeof queues.$inferInsert> = {},
) {
  const [queue] = await db
    .insert(queues)
    .values({ companyId, name: `Queue ${uid()}`, color: `#${uid().slice(0, 6)}`, ...overrides })
    .returning();
  return queue!;
}

let protocol = 0;

/** A ticket with its own contact and connection (the channel pipeline is not needed to read it). */
export async function createTicket(
  db: Db,
  companyId: number,
  opts: {
    queueId?: number | null;
    userId?: number | null;
    status?: "open" | "pending" | "closed";
  } = {},
) {
  const [contact] = await db
    .insert(contacts)
    .values({ companyId, name: `Contact ${uid()}`, number: `55${Date.now()}${protocol}` })
    .returning();
  const [connection] = await db
    .insert(connections)
    .values({ companyId, name: `Connection ${uid()}` })
    .returning();
  const [ticket] = await db
    .insert(tickets)
    .values({
      companyId,
      protocol: ++protocol,
      contactId: contact!.id,
      connectionId: connection!.id,
      channelType: "BAILEYS",
      status: opts.status ?? "pending",
      queueId: opts.queueId ?? null,
      userId: opts.userId ?? null,
    })
    .returning();
  return ticket!;
}

// Hashing is slow on purpose; tests reuse one hash.
let cachedHash: Promise<string> | undefined;
export const DEFAULT_PASSWORD = "secret123";

export async function createUser(
  db: Db,
  opts: {
    companyId: number;
    profile?: "admin" | "user";
    super?: boolean;
    queueIds?: number[];
    name?: string;
    email?: string;
    selectedCompanyId?: number;
  },
) {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      name: opts.name ?? `User ${uid()}`,
      email: opts.email ?? `user-${uid()}-${uid()}@example.com`,
      passwordHash: await cachedHash,
      profile: opts.profile ?? "user",
      super: opts.super ?? false,
      companyId: opts.companyId,
      selectedCompanyId: opts.selectedCompanyId ?? null,
    })
    .returning();
  if (opts.queueIds?.length) {
    await db
      .insert(userQueues)
      .values(
        opts.queueIds.map((queueId) => ({ userId: user!.id, queueId, companyId: opts.companyId })),
      );
  }
  return user!;
}

// ---------------------------------------------------------------- clients

export interface Session {
  token: string;
  uuid: string;
  cookie: string;
  userId: number;
  companyId: number;
}

export async function login(
  server: TestServer,
  email: string,
  password = DEFAULT_PASSWORD,
): Promise<Session> {
  const res = await server.app.inject({
    method: "POST",
    url: "/auth/login",
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const cookie = res.cookies.find((c) => c.name === "jrt");
  return {
    token: body.token,
    uuid: body.uuid,
    cookie: `jrt=${cookie?.value}`,
    userId: body.user.id,
    companyId: body.user.companyId,
  };
}

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** A request as the given session (or anonymous with null). */
export function request(
  server: TestServer,
  session: Session | null,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: session
      ? { authorization: `Bearer ${session.token}`, accept: "application/json" }
      : { accept: "application/json" },
    ...(payload !== undefined && { payload: payload as object }),
  });
}

/** A company with an admin, a queue member and a user outside the queue, all logged in. */
export async function seedCompany(server: TestServer) {
  const company = await createCompany(server.db);
  const queue = await createQueue(server.db, company.id);
  const admin = await createUser(server.db, { companyId: company.id, profile: "admin" });
  const member = await createUser(server.db, { companyId: company.id, queueIds: [queue.id] });
  const outsider = await createUser(server.db, { companyId: company.id });
  return {
    company,
    queue,
    admin,
    member,
    outsider,
    as: {
      admin: await login(server, admin.email),
      member: await login(server, member.email),
      outsider: await login(server, outsider.email),
    },
  };
}

// ---------------------------------------------------------------- sockets

export async function connect(server: TestServer, token: string | undefined): Promise<Socket> {
  const socket = connectSocket(server.url, {
    transports: ["websocket"],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => reject(err));
  });
  return socket;
}

// ---------------------------------------------------------------- web-chat visitors

/**
 * A web-chat visitor's token from POST /webchat/:uuid/session (`token`: the visitor's earlier
 * token, sent as a returning visitor would). Anything but 200 fails the test.
 */
export async function visitorSession(
  server: TestServer,
  uuid: string,
  name = "Visitante",
  token?: string,
): Promise<string> {
  const res = await server.app.inject({
    method: "POST",
    url: `/webchat/${uuid}/session`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { name },
  });
  if (res.statusCode !== 200) {
    throw new Error(`web-chat session failed: ${res.statusCode} ${res.body}`);
  }
  return res.json().token as string;
}

/** A visitor's socket on the /webchat namespace (the server must listen). */
export async function visitorSocket(server: TestServer, token: string): Promise<Socket> {
  const socket = connectSocket(`${server.url}/webchat`, {
    transports: ["websocket"],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", (err) => reject(err));
  });
  return socket;
}

/** Resolves with the next payload on `event`, or rejects after `ms`. */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** The first payload on `event` that passes `test` (earlier ones are skipped). */
export function eventWhere<T>(
  socket: Socket,
  event: string,
  test: (payload: T) => boolean,
  ms = 3000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${ms} ms`)), ms);
    const handler = (payload: T) => {
      if (!test(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}

/**
 * Every payload of `event` on `socket` from now until `control` has settled, and then until a
 * fence the server sends this socket: used to prove that nothing arrives. `control` is the
 * positive control — the same kind of event arriving where it should (or the call that
 * publishes it) — and one connection keeps its order, so whatever was published with it has
 * reached this socket before the fence. No fixed window: a slow machine cannot make it pass
 * for nothing.
 */
export async function collect<T = unknown>(
  server: TestServer,
  socket: Socket,
  event: string,
  control: Promise<unknown>,
  namespace = "/",
): Promise<T[]> {
  const got: T[] = [];
  const handler = (payload: T) => got.push(payload);
  socket.on(event, handler);
  try {
    await control;
    await fence(server, socket, namespace);
  } finally {
    socket.off(event, handler);
  }
  return got;
}

/** Resolves once `socket` receives a marker the server sends it now (after all earlier emits). */
export async function fence(server: TestServer, socket: Socket, namespace = "/"): Promise<void> {
  const marker = randomUUID();
  const arrived = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the fence did not arrive")), 5000);
    const handler = (value: string) => {
      if (value !== marker) return;
      clearTimeout(timer);
      socket.off("test:fence", handler);
      resolve();
    };
    socket.on("test:fence", handler);
  });
  server.io.of(namespace).to(socket.id!).emit("test:fence", marker);
  await arrived;
}

/** Polls `check` until it returns true, or fails after `ms`. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  ms = 3000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// ---------------------------------------------------------------- inbox

export async function createConnection(
  server: TestServer,
  companyId: number,
  overrides: Partial<typeof connections.$inferInsert> = {},
) {
  const [row] = await server.db
    .insert(connections)
    .values({
      companyId,
      name: `Site ${uid()}`,
      channelType: "WEB_CHAT",
      status: "CONNECTED",
      isDefault: true,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A message from a contact through the real inbound pipeline. */
export function inbound(
  server: TestServer,
  connection: { id: number; companyId: number; channelType: string },
  opts: { number: string; name?: string; body?: string; id?: string; fromMe?: boolean },
) {
  return server.ctx.inbound.receive({
    companyId: connection.companyId,
    connectionId: connection.id,
    channelType: connection.channelType,
    providerMessageId: opts.id ?? `msg-${uid()}-${uid()}`,
    from: { number: opts.number, name: opts.name ?? `Contact ${opts.number}` },
    fromMe: opts.fromMe ?? false,
    body: opts.body ?? "hello",
    mediaType: "chat",
  });
}
