import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns.js";
import { companies } from "./platform.js";

/** Uploaded files; the bytes live behind the storage interface under `storageKey`. */
export const files = pgTable(
  "files",
  {
    id: id(),
    companyId: integer()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    storageKey: text().notNull().unique(),
    mimeType: text().notNull().default("application/octet-stream"),
    size: bigint({ mode: "number" }).notNull().default(0),
    uploadedById: integer(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId)],
);
