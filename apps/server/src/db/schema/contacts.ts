import { boolean, index, integer, pgTable, primaryKey, text, unique } from "drizzle-orm/pg-core";
import { createdAt, id, timestamps } from "./columns.js";
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
    /** Digits for phone channels; a channel-scoped id (PSID, IGSID, visitor id) otherwise. */
    number: text().notNull(),
    email: text().notNull().default(""),
    document: text().notNull().default(""),
    profilePicUrl: text().notNull().default(""),
    isGroup: boolean().notNull().default(false),
    channelType: text(),
    /** WhatsApp LID, resolved to the same contact as the phone-number JID. */
    lid: text(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.companyId, t.number),
    index().on(t.companyId, t.name),
    index().on(t.companyId, t.lid),
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
