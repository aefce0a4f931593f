import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { WorkingHoursEntry } from "@atrium/shared";
import { id, timestamps } from "./columns.js";
import { files } from "./files.js";
import { companies } from "./platform.js";

export const queues = pgTable(
  "queues",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    color: text().notNull(),
    greetingMessage: text().notNull().default(""),
    complationMessage: text().notNull().default(""),
    outOfHoursMessage: text().notNull().default(""),
    ratingMessage: text().notNull().default(""),
    transferMessage: text().notNull().default(""),
    optionType: text().notNull().default("TEXT_LIST"),
    initialMessageType: text().notNull().default("MESSAGE"),
    orderQueue: integer(),
    schedules: jsonb().$type<WorkingHoursEntry[]>().notNull().default([]),
    fileId: integer().references(() => files.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [unique().on(t.companyId, t.color), unique().on(t.companyId, t.name)],
);

/** Chatbot options tree of a queue (admin-operator §2.7, §3 Queue option). */
export const queueOptions = pgTable(
  "queue_options",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => queueOptions.id, { onDelete: "cascade" }),
    title: text().notNull(),
    message: text().notNull().default(""),
    option: integer().notNull(),
    optionType: text().notNull().default("TEXT_LIST"),
    fileType: text(),
    fileId: integer().references(() => files.id, { onDelete: "set null" }),
    finalize: boolean().notNull().default(false),
    waitTreatment: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.queueId, t.parentId, t.option)],
);
