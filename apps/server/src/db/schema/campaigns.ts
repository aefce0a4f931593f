import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { connections } from "./connections.js";
import { contacts, tags } from "./contacts.js";
import { files } from "./files.js";
import { companies } from "./platform.js";
import { messages, tickets } from "./tickets.js";
import { users } from "./users.js";

/** Contact lists: recipients of campaigns kept apart from the company's contacts (issue #15). */
export const contactLists = pgTable(
  "contact_lists",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.companyId, t.name)],
);

export const contactListItems = pgTable(
  "contact_list_items",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactListId: integer()
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Digits only (checkPhoneNumber). */
    number: text().notNull(),
    email: text().notNull().default(""),
    /** Found on WhatsApp by POST /contact-lists/:id/validate; null before any check. */
    isWhatsappValid: boolean(),
    ...timestamps,
  },
  (t) => [unique().on(t.contactListId, t.number), index().on(t.contactListId, t.name)],
);

/** A company's campaign settings (one row; DEFAULT_CAMPAIGN_SETTINGS until saved). */
export const campaignSettings = pgTable("campaign_settings", {
  companyId: integer()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  messageIntervalMin: integer().notNull(),
  messageIntervalMax: integer().notNull(),
  longerIntervalAfter: integer().notNull(),
  greaterInterval: integer().notNull(),
  allowedHoursStart: text().notNull(),
  allowedHoursEnd: text().notNull(),
  allowedDays: jsonb().$type<number[]>().notNull(),
  optOutWords: jsonb().$type<string[]>().notNull(),
  ...timestamps,
});

export const campaigns = pgTable(
  "campaigns",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** CAMPAIGN_STATUSES */
    status: text().notNull().default("PROGRAMADA"),
    connectionId: integer().references(() => connections.id, { onDelete: "set null" }),
    contactListId: integer().references(() => contactLists.id, { onDelete: "set null" }),
    tagId: integer().references(() => tags.id, { onDelete: "set null" }),
    messages: jsonb().$type<string[]>().notNull(),
    confirmation: boolean().notNull().default(false),
    confirmationMessages: jsonb().$type<string[]>().notNull(),
    confirmationReply: text().notNull().default(""),
    fileId: integer().references(() => files.id, { onDelete: "set null" }),
    /** Start time; null: started when saved (or, for a duplicate, waiting for 'resume'). */
    scheduledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    /** The queued "campaign.run" job and when it is due (a restart resumes there). */
    jobId: text(),
    nextRunAt: timestamp({ withTimezone: true }),
    /** Messages sent so far: every longerIntervalAfter of them, the longer pause. */
    sentCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.companyId, t.createdAt), index().on(t.status)],
);

/** One recipient of a campaign (materialised once at start: each number at most once). */
export const campaignShipments = pgTable(
  "campaign_shipments",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactId: integer().references(() => contacts.id, { onDelete: "set null" }),
    number: text().notNull(),
    name: text().notNull().default(""),
    email: text().notNull().default(""),
    /** pending | queued (message stored and handed to the lane) | skipped | failed */
    status: text().notNull().default("pending"),
    messageId: integer().references(() => messages.id, { onDelete: "set null" }),
    ticketId: integer().references(() => tickets.id, { onDelete: "set null" }),
    body: text(),
    error: text(),
    sentAt: timestamp({ withTimezone: true }),
    repliedAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    optedOutAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique().on(t.campaignId, t.number),
    index().on(t.campaignId, t.status, t.id),
    // The FKs' "set null" when a message or ticket goes (company delete).
    index("campaign_shipments_message_id")
      .on(t.messageId)
      .where(sql`message_id is not null`),
    index("campaign_shipments_ticket_id")
      .on(t.ticketId)
      .where(sql`ticket_id is not null`),
    // Reply lookup (inbound): a contact's shipments still waiting for a reply or its answer.
    index("campaign_shipments_reply_lookup")
      .on(t.contactId, t.sentAt)
      .where(sql`sent_at is not null and confirmed_at is null and opted_out_at is null`),
  ],
);

/** Numbers that asked not to receive campaigns (an opt-out word in a reply). */
export const campaignOptOuts = pgTable(
  "campaign_opt_outs",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    number: text().notNull(),
    campaignId: integer().references(() => campaigns.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [unique().on(t.companyId, t.number)],
);
