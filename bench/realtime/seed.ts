/**
 * The realtime bench's company, written straight into PostgreSQL: 10 queues, 20 connections
 * (10 web chat, 4 WhatsApp Cloud, 3 Messenger, 3 Instagram; each with one queue), 20 admins,
 * 980 agents of queue 1 (each also in one of queues 2-9), 100 agents of queue 10 only, and a
 * second company of 50 admins. Every user gets a live session and a signed access token (no
 * password hashing for 1,150 logins).
 */
import { createHmac } from "node:crypto";
import type pg from "pg";

export const CHANNELS = [
  ...Array<string>(10).fill("WEB_CHAT"),
  ...Array<string>(4).fill("WHATSAPP_BUSINESS"),
  ...Array<string>(3).fill("FACEBOOK"),
  ...Array<string>(3).fill("INSTAGRAM"),
] as const;

const ROUTING_KEY: Record<string, string> = {
  WHATSAPP_BUSINESS: "phoneNumberId",
  FACEBOOK: "pageId",
  INSTAGRAM: "instagramAccountId",
};

export interface Agent {
  id: number;
  token: string;
  profile: "admin" | "user";
  queueIds: number[];
  /** Whether a ticket of queue 1 is theirs to see. */
  seesQueue1: boolean;
}

export interface Connection {
  id: number;
  uuid: string;
  channelType: string;
  /** Meta's id of the page / Instagram account / phone number. */
  routingId: string;
  queueId: number;
}

export interface Seeded {
  companyId: number;
  otherCompanyId: number;
  queueIds: number[];
  connections: Connection[];
  admins: Agent[];
  /** Agents of queue 1 (and of one of queues 2-9). */
  members: Agent[];
  /** Agents of queue 10 only: a queue-1 ticket is none of their business. */
  outsiders: Agent[];
  /** Admins of the other company. */
  strangers: Agent[];
}

/** An HS256 access token as the server signs them ({sub, sid, typ}); valid for 4 hours. */
export function signAccessToken(secret: string, userId: number, sessionId: string): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const data = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: userId, sid: sessionId, typ: "access", iat: now, exp: now + 4 * 3600 })}`;
  return `${data}.${createHmac("sha256", secret).update(data).digest("base64url")}`;
}

async function one<T>(db: pg.Client, text: string, values: unknown[] = []): Promise<T> {
  return (await db.query(text, values)).rows[0] as T;
}

async function newCompany(db: pg.Client, name: string, planId: number): Promise<number> {
  const { id } = await one<{ id: number }>(
    db,
    "insert into companies (name, plan_id) values ($1, $2) returning id",
    [name, planId],
  );
  await db.query(
    `insert into settings (company_id, key, value)
     select $1, key, value from settings where company_id = (select id from companies where is_platform limit 1)`,
    [id],
  );
  return id;
}

/** Users with a session each; returns them in order with their tokens. */
async function newAgents(
  db: pg.Client,
  runId: string,
  secret: string,
  companyId: number,
  prefix: string,
  count: number,
  profile: "admin" | "user",
  queuesOf: (i: number) => number[],
  seesQueue1: boolean,
): Promise<Agent[]> {
  const users = await db.query<{ id: number }>(
    `insert into users (name, email, password_hash, profile, company_id)
     select $1 || ' ' || g, $5 || '-' || $1 || '-' || g || '@rt-bench.test', 'no-login', $2, $3
     from generate_series(1, $4::int) g order by g returning id`,
    [prefix, profile, companyId, count, runId],
  );
  const ids = users.rows.map((r) => r.id);
  const pairs = ids.flatMap((id, i) => queuesOf(i).map((q) => [id, q] as const));
  if (pairs.length) {
    await db.query(
      `insert into user_queues (user_id, queue_id, company_id)
       select u, q, $3 from unnest($1::int[], $2::int[]) as t(u, q)`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1]), companyId],
    );
  }
  const sessions = await db.query<{ id: string; user_id: number }>(
    `insert into user_sessions (user_id, company_id, secret_hash, expires_at)
     select u, $2, 'bench', now() + interval '1 day' from unnest($1::int[]) u returning id, user_id`,
    [ids, companyId],
  );
  const sid = new Map(sessions.rows.map((r) => [r.user_id, r.id]));
  return ids.map((id, i) => ({
    id,
    token: signAccessToken(secret, id, sid.get(id)!),
    profile,
    queueIds: queuesOf(i),
    seesQueue1,
  }));
}

export async function seed(db: pg.Client, secret: string, runId: string): Promise<Seeded> {
  const plan = await one<{ id: number }>(
    db,
    `insert into plans (name, user_limit, queue_limit, limit_baileys, limit_facebook,
       limit_instagram, limit_whatsapp_business, limit_web_chat)
     values ($1, 5000, 100, 100, 100, 100, 100, 100) returning id`,
    [`Realtime bench ${runId}`],
  );
  const companyId = await newCompany(db, `Realtime bench ${runId}`, plan.id);
  const otherCompanyId = await newCompany(db, `Realtime bench ${runId} (other)`, plan.id);

  const queues = await db.query<{ id: number }>(
    `insert into queues (company_id, name, color)
     select $1, 'Fila ' || g, '#' || lpad(to_hex(g * 1500000), 6, '0')
     from generate_series(1, 10) g order by g returning id`,
    [companyId],
  );
  const queueIds = queues.rows.map((r) => r.id);

  const connections: Connection[] = [];
  for (const [i, channelType] of CHANNELS.entries()) {
    const routingId = `${runId}${String(i).padStart(2, "0")}`;
    const key = ROUTING_KEY[channelType];
    // Meta connections without an access token: no Graph call (profile names) leaves the box.
    const config = key ? { [key]: routingId } : {};
    const row = await one<{ id: number; uuid: string }>(
      db,
      `insert into connections (company_id, name, channel_type, status, is_default, config)
       values ($1, $2, $3, 'CONNECTED', $4, $5) returning id, uuid`,
      [companyId, `${channelType} ${i + 1}`, channelType, i === 0, JSON.stringify(config)],
    );
    const queueId = queueIds[i % 10]!;
    await db.query(
      "insert into connection_queues (connection_id, queue_id, company_id) values ($1, $2, $3)",
      [row.id, queueId, companyId],
    );
    connections.push({ id: row.id, uuid: row.uuid, channelType, routingId, queueId });
  }

  const [q1] = queueIds;
  const admins = await newAgents(
    db,
    runId,
    secret,
    companyId,
    "Admin",
    20,
    "admin",
    () => [],
    true,
  );
  const members = await newAgents(
    db,
    runId,
    secret,
    companyId,
    "Agente",
    980,
    "user",
    (i) => [q1!, queueIds[1 + (i % 8)]!],
    true,
  );
  const outsiders = await newAgents(
    db,
    runId,
    secret,
    companyId,
    "Vendas",
    100,
    "user",
    () => [queueIds[9]!],
    false,
  );
  const strangers = await newAgents(
    db,
    runId,
    secret,
    otherCompanyId,
    "Outra",
    50,
    "admin",
    () => [],
    false,
  );
  return {
    companyId,
    otherCompanyId,
    queueIds,
    connections,
    admins,
    members,
    outsiders,
    strangers,
  };
}
