import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns.js";
import { companies } from "./platform.js";
import { queues } from "./queues.js";

export const users = pgTable(
  "users",
  {
    id: id(),
    /** Changes at every login; the client compares it to detect a login elsewhere. */
    uuid: uuid().notNull().defaultRandom(),
    name: text().notNull(),
    /** Lowercased; login is by email across the platform, so it is globally unique. */
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    profile: text().notNull().default("user"),
    super: boolean().notNull().default(false),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Super users only: company they give support to. */
    selectedCompanyId: integer().references(() => companies.id, { onDelete: "set null" }),
    allowFinishTicketWithoutMessage: boolean().notNull().default(false),
    allowChangeSignature: boolean().notNull().default(true),
    online: boolean().notNull().default(false),
    lastSeenAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.companyId, t.name)],
);

/**
 * Queue membership. Rows whose companyId is the user's company are the user's queues; rows of
 * the selected company are a super user's support-access queues.
 */
export const userQueues = pgTable(
  "user_queues",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] }), index().on(t.queueId)],
);

/** Refresh-token sessions; the cookie carries `id.secret`, the table a hash of the secret. */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    secretHash: text().notNull(),
    /** The secret before the last rotation, accepted briefly so parallel tabs don't log out. */
    prevSecretHash: text(),
    rotatedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Why it was revoked: logout, replaced (new login elsewhere), rotated. */
    revokedReason: text(),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * One-time links to set a password (access emails). Only a hash of the token is kept; a link
 * is spent by its first use and superseded by a newer link of the same user.
 */
export const passwordLinks = pgTable(
  "password_links",
  {
    id: id(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);
