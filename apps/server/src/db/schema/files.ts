import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
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
    /**
     * `mimeType` was detected from the bytes. Rows stored before detection carry the sender's
     * claim: served as downloads until checked (FilesService.checkLegacy).
     */
    mimeDetected: boolean().notNull().default(false),
    size: bigint({ mode: "number" }).notNull().default(0),
    uploadedById: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.companyId),
    // Finds the legacy rows left to check without scanning the table once they are done.
    index("files_mime_unchecked_idx")
      .on(t.id)
      .where(sql`not ${t.mimeDetected}`),
  ],
);
