import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { WorkingHoursEntry } from "@atrium/shared";
import { id, timestamps } from "./columns.js";

/** Subscription plans (admin-operator §3 Plan). Limits of 0 mean "none allowed". */
export const plans = pgTable("plans", {
  id: id(),
  name: text().notNull().unique(),
  userLimit: integer().notNull().default(0),
  queueLimit: integer().notNull().default(0),
  limitBaileys: integer().notNull().default(0),
  limitFacebook: integer().notNull().default(0),
  limitInstagram: integer().notNull().default(0),
  limitWhatsappBusiness: integer().notNull().default(0),
  limitWebChat: integer().notNull().default(0),
  /** Days a company may stay overdue before its users are blocked. */
  graceDays: integer().notNull().default(7),
  /** Campaigns (issue #15) are offered to this plan's companies. */
  useCampaigns: boolean().notNull().default(true),
  ...timestamps,
});

/** Server nodes (or groups of nodes) with a public address; each company lives on one. */
export const instances = pgTable("instances", {
  id: id(),
  name: text().notNull(),
  address: text().notNull(),
  /** INSTANCE_ID of the node that owns this instance's channel sessions. */
  nodeId: text().notNull().unique(),
  ...timestamps,
});

export const companies = pgTable(
  "companies",
  {
    id: id(),
    name: text().notNull(),
    email: text(),
    phone: text(),
    document: text(),
    planId: integer().references(() => plans.id, { onDelete: "set null" }),
    instanceId: integer().references(() => instances.id, { onDelete: "set null" }),
    /** The operator's own company, created on first run. */
    isPlatform: boolean().notNull().default(false),
    status: boolean().notNull().default(true),
    dueDate: date({ mode: "string" }),
    recurrence: text(),
    paymentMethod: text(),
    paymentStatus: text().notNull().default("PENDING"),
    lastSendPaymentAt: timestamp({ withTimezone: true }),
    invoiceRequired: boolean().notNull().default(false),
    useType: text().notNull().default("CLIENTE"),
    segments: text(),
    archived: boolean().notNull().default(false),
    archivedAt: timestamp({ withTimezone: true }),
    language: text().notNull().default("pt-BR"),
    apiEnabled: boolean().notNull().default(false),
    /** X_KEY of the messages API; stored hashed. */
    apiKeyHash: text(),
    invoiceFileId: integer(),
    noteFileId: integer(),
    /** Per-company overrides of the plan's connection limits (null: the plan decides). */
    limitBaileys: integer(),
    limitFacebook: integer(),
    limitInstagram: integer(),
    limitWhatsappBusiness: integer(),
    limitWebChat: integer(),
    /** Company working hours, used when the scheduleType setting is "company". */
    schedules: jsonb().$type<WorkingHoursEntry[]>().notNull().default([]),
    /** Last protocol number handed to a ticket of this company. */
    lastProtocol: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.archived, t.dueDate), index().on(t.name)],
);

export const settings = pgTable(
  "settings",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text().notNull(),
    value: text().notNull(),
    ...timestamps,
  },
  (t) => [unique().on(t.companyId, t.key)],
);

/** Mail that could not go through SMTP (no SMTP_URL): the operator reads it here. */
export const mailOutbox = pgTable("mail_outbox", {
  id: id(),
  companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
  to: text().notNull(),
  subject: text().notNull(),
  body: text().notNull(),
  ...timestamps,
});
