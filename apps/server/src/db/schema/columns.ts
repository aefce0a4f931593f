import { integer, timestamp } from "drizzle-orm/pg-core";

/** Shared column builders, so every table spells ids and timestamps the same way. */
export const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamps = { createdAt: createdAt(), updatedAt: updatedAt() };
