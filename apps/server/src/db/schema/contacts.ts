import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns.js";
import { connections } from "./connections.js";
import { companies } from "./platform.js";
import { users } from "./users.js";

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /**
     * Digits for phone channels; a channel-scoped id (PSID, IGSID) for Meta; the phone a web-chat
     * visitor typed, or '' (never the visitor's internal id).
     */
    number: text().notNull(),
    email: text().notNull().default(""),
    document: text().notNull().default(""),
    profilePicUrl: text().notNull().default(""),
    isGroup: boolean().notNull().default(false),
    channelType: text(),
    /** WhatsApp LID, resolved to the same contact as the phone-number JID. */
    lid: text(),
    /** WhatsApp Cloud business-scoped user id (BSUID): the key when no phone number is shared. */
    bsuid: text(),
    /** A web-chat visitor's internal id (what the inbound pipeline knows them by). */
    visitorId: text(),
    /** The web-chat connection the visitor wrote from: the only one that reaches them. */
    visitorConnectionId: integer().references(() => connections.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    // Several visitors without a phone share the empty number.
    uniqueIndex("contacts_company_id_number_key")
      .on(t.companyId, t.number)
      .where(sql`${t.number} <> ''`),
    uniqueIndex("contacts_company_id_visitor_id_key").on(t.companyId, t.visitorId),
    // Name order: contacts_name_walk (drizzle/online/0008).
    index().on(t.companyId, t.lid),
    index().on(t.companyId, t.bsuid),
  ],
);

export const contactExtraInfo = pgTable(
  "contact_extra_info",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    value: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.contactId)],
);

export const tags = pgTable(
  "tags",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    color: text().notNull().default("#eee"),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [unique().on(t.companyId, t.name)],
);

export const contactTags = pgTable(
  "contact_tags",
  {
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index().on(t.tagId)],
);
