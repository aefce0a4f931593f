import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns.js";
import { files } from "./files.js";
import { companies } from "./platform.js";
import { queues } from "./queues.js";

/** Channel-specific settings (Meta ids and tokens, web-chat look). */
export interface ConnectionConfig {
  pageId?: string;
  instagramAccountId?: string;
  phoneNumberId?: string;
  wabaId?: string;
  accessToken?: string;
  widgetTitle?: string;
  widgetColor?: string;
}

/** A messaging connection ("whatsapp" in the spec's API paths). */
export const connections = pgTable(
  "connections",
  {
    id: id(),
    uuid: uuid().notNull().defaultRandom().unique(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    channelType: text().notNull().default("BAILEYS"),
    status: text().notNull().default("DISCONNECTED"),
    qrcode: text().notNull().default(""),
    retries: integer().notNull().default(0),
    isDefault: boolean().notNull().default(false),
    number: text().notNull().default(""),
    greetingMessage: text().notNull().default(""),
    complationMessage: text().notNull().default(""),
    outOfHoursMessage: text().notNull().default(""),
    ratingMessage: text().notNull().default(""),
    transferMessage: text().notNull().default(""),
    greetingMessageType: text().notNull().default("MESSAGE"),
    /** Token of the messages API (X_TOKEN). */
    token: text().notNull().default(""),
    provider: text().notNull().default("beta"),
    fileId: integer().references(() => files.id, { onDelete: "set null" }),
    config: jsonb().$type<ConnectionConfig>().notNull().default({}),
    /** Circuit breaker tripped: sends are paused and probed with back-off (docs/ARCHITECTURE.md). */
    degraded: boolean().notNull().default(false),
    /** Why the connection is down, shown on the connections page; null when healthy. */
    incidentReason: text(),
    /** When the current incident started (one alert per incident); null when healthy. */
    incidentAt: timestamp({ withTimezone: true }),
    /** Consecutive failed sends (reset by a success). */
    sendFailures: integer().notNull().default(0),
    /** No node sends on this connection before this time (back-off, provider rate limits). */
    sendPausedUntil: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [unique().on(t.companyId, t.name), index().on(t.token)],
);

export const connectionQueues = pgTable(
  "connection_queues",
  {
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.queueId] })],
);

/** Channel session/auth state (Baileys creds and signal keys), one row per key. */
export const channelSessionState = pgTable(
  "channel_session_state",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    key: text().notNull(),
    value: jsonb().notNull(),
    ...timestamps,
  },
  (t) => [unique().on(t.connectionId, t.key)],
);
