import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { files } from "./files.js";
import { companies } from "./platform.js";
import { users } from "./users.js";

/** Announcements are written by the operator (companyId = platform company) for everyone. */
export const announcements = pgTable(
  "announcements",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text().notNull(),
    text: text().notNull(),
    link: text(),
    priority: integer().notNull().default(3),
    category: text().notNull().default("NEW"),
    status: boolean().notNull().default(true),
    fileId: integer().references(() => files.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index().on(t.status, t.priority)],
);

export const announcementViews = pgTable(
  "announcement_views",
  {
    announcementId: integer()
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** bad | neutral | good */
    reaction: text(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

/** Help videos: platform content, the same for every company. */
export const helps = pgTable("helps", {
  id: id(),
  title: text().notNull(),
  description: text().notNull().default(""),
  video: text().notNull().default(""),
  version: text().notNull().default("1"),
  active: boolean().notNull().default(true),
  ...timestamps,
});
