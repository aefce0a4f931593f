import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { campaigns } from "./campaigns.js";
import { createdAt, id, timestamps } from "./columns.js";
import { connections } from "./connections.js";
import { contacts, tags } from "./contacts.js";
import { files } from "./files.js";
import { companies } from "./platform.js";
import { queueOptions, queues } from "./queues.js";
import { users } from "./users.js";

export const tickets = pgTable(
  "tickets",
  {
    id: id(),
    uuid: uuid().notNull().defaultRandom().unique(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Per-company sequential number shown to customers. */
    protocol: integer().notNull(),
    status: text().notNull().default("pending"),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    connectionId: integer()
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    queueId: integer().references(() => queues.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    queueOptionId: integer().references(() => queueOptions.id, { onDelete: "set null" }),
    channelType: text().notNull(),
    lastMessage: text().notNull().default(""),
    unreadMessages: integer().notNull().default(0),
    isGroup: boolean().notNull().default(false),
    /** The bot is still talking to the contact (menu or options tree). */
    chatbot: boolean().notNull().default(false),
    /** The campaign this conversation answers (a reply to a campaign message landed here). */
    campaignId: integer().references((): AnyPgColumn => campaigns.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    unique().on(t.companyId, t.protocol),
    // A tab's tickets (one status) are read from covering indexes built online:
    // tickets_tab_status, tickets_tab_queue, tickets_tab_user (drizzle/online/0009–0011).
    // Lists across statuses (search tab, "all") ordered by last update.
    index().on(t.companyId, t.updatedAt),
    index().on(t.contactId),
    // Dashboard leads: tickets created in a period, from tickets_created_cover (online/0003).
    // One open or pending ticket per contact per connection (DESIGN rule 7).
    uniqueIndex("tickets_one_active_per_contact")
      .on(t.contactId, t.connectionId)
      .where(sql`status in ('open', 'pending')`),
  ],
);

export const ticketTags = pgTable(
  "ticket_tags",
  {
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index().on(t.tagId)],
);

/** One row per attendance cycle of a ticket; the dashboard reads it. */
export const ticketTracking = pgTable(
  "ticket_tracking",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    connectionId: integer().references(() => connections.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    queuedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    finishedById: integer().references(() => users.id, { onDelete: "set null" }),
    /** The agent resolved and the bot asked the contact to rate; the cycle ends on the answer. */
    ratingRequestedAt: timestamp({ withTimezone: true }),
    ratingAt: timestamp({ withTimezone: true }),
    /** 1 unsatisfied, 2 satisfied, 3 very satisfied. */
    rating: integer(),
    ...timestamps,
  },
  // Cycles finished in a period: ticket_tracking_finished_cover (drizzle/online/0002).
  (t) => [index().on(t.ticketId)],
);

export const messages = pgTable(
  "messages",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer().references(() => contacts.id, { onDelete: "set null" }),
    connectionId: integer().references(() => connections.id, { onDelete: "set null" }),
    /** Id given by the provider; dedupes inbound events. */
    providerMessageId: text(),
    body: text().notNull().default(""),
    mediaType: text().notNull().default("chat"),
    fileId: integer().references(() => files.id, { onDelete: "set null" }),
    fromMe: boolean().notNull().default(false),
    read: boolean().notNull().default(false),
    ack: integer().notNull().default(0),
    isDeleted: boolean().notNull().default(false),
    isEdited: boolean().notNull().default(false),
    /** Agent who wrote it (null for contact and bot messages). */
    senderId: integer().references(() => users.id, { onDelete: "set null" }),
    /** Group participant name or id for group tickets. */
    participant: text(),
    quotedMsgId: integer().references((): AnyPgColumn => messages.id, { onDelete: "set null" }),
    /** Queue-scoped messages are shown only to members of that queue. */
    queueId: integer().references(() => queues.id, { onDelete: "set null" }),
    messageTimestamp: bigint({ mode: "number" }),
    error: text(),
    raw: jsonb(),
    ...timestamps,
  },
  (t) => [
    index().on(t.ticketId, t.createdAt),
    uniqueIndex("messages_provider_id")
      .on(t.connectionId, t.providerMessageId)
      .where(sql`provider_message_id is not null`),
    index().on(t.companyId, t.createdAt),
    // Files shared by messages and their owners (quick messages, schedules) are released only
    // when no message shows them; also serves the files FK's "set null".
    index("messages_file_id")
      .on(t.fileId)
      .where(sql`file_id is not null`),
  ],
);

/** Earlier texts of an edited message (the provider's edits keep the history). */
export const messageEdits = pgTable(
  "message_edits",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    messageId: integer()
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    /** The text the message had before this edit. */
    previousBody: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.messageId)],
);

export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ticketId: integer().references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    note: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.contactId), index().on(t.ticketId)],
);

export const quickMessages = pgTable(
  "quick_messages",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    shortcode: text().notNull(),
    message: text().notNull().default(""),
    messageType: text().notNull().default("MESSAGE"),
    fileId: integer().references(() => files.id, { onDelete: "set null" }),
    /** Visible to the whole company rather than only its author. */
    global: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index().on(t.companyId, t.shortcode),
    // One shortcode per author (case-insensitive); the composer matches "/oi" and "/OI" alike.
    uniqueIndex("quick_messages_owner_shortcode").on(
      t.companyId,
      t.userId,
      sql`lower(${t.shortcode})`,
    ),
  ],
);

export const schedules = pgTable(
  "schedules",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    ticketId: integer().references(() => tickets.id, { onDelete: "set null" }),
    queueId: integer().references(() => queues.id, { onDelete: "set null" }),
    connectionId: integer().references(() => connections.id, { onDelete: "set null" }),
    body: text().notNull().default(""),
    sendAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    status: text().notNull().default("PENDENTE"),
    messageType: text().notNull().default("MESSAGE"),
    openTicket: boolean().notNull().default(false),
    fileId: integer().references(() => files.id, { onDelete: "set null" }),
    error: text(),
    /** The pending "schedule.send" job; replaced when the send time changes. */
    jobId: text(),
    ...timestamps,
  },
  (t) => [index().on(t.companyId, t.sendAt), index().on(t.status, t.sendAt)],
);

/**
 * Sent-marker of an outgoing message: written before the provider call, completed after. A
 * marker left pending means a node died mid-send (no duplicate is risked where the provider
 * has no idempotency).
 */
export const outboundSends = pgTable("outbound_sends", {
  messageId: integer()
    .primaryKey()
    .references(() => messages.id, { onDelete: "cascade" }),
  companyId: integer()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" }),
  connectionId: integer().notNull(),
  nodeId: text().notNull(),
  startedAt: createdAt(),
  completedAt: timestamp({ withTimezone: true }),
});
