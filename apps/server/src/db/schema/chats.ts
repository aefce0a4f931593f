import { index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns.js";
import { companies } from "./platform.js";
import { users } from "./users.js";

/** Internal team chat. */
export const chats = pgTable(
  "chats",
  {
    id: id(),
    uuid: uuid().notNull().defaultRandom().unique(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text().notNull().default(""),
    ownerId: integer().references(() => users.id, { onDelete: "set null" }),
    lastMessage: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [index().on(t.companyId, t.updatedAt)],
);

export const chatUsers = pgTable(
  "chat_users",
  {
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    unreads: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index().on(t.userId)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    chatId: integer()
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    senderId: integer().references(() => users.id, { onDelete: "set null" }),
    message: text().notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.chatId, t.createdAt)],
);
