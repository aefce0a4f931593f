import { and, asc, eq, gt, not } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { files, messages } from "../../db/schema/index.js";
import { cleanFileName, detectContentType } from "../../lib/content-type.js";
import type { Logger } from "../../lib/logger.js";
import type { FileSigner, Storage } from "../../lib/storage.js";

export type FileRow = typeof files.$inferSelect;

declare const detected: unique symbol;

/**
 * A file on its way in (any upload, any provider download). `mimetype` is the type detected
 * from the bytes: only `incomingFile` makes one, so no path can store the sender's claim.
 */
export interface IncomingFile {
  filename: string;
  mimetype: string;
  data: Buffer;
  readonly [detected]: true;
}

/** The one door for files: names cleaned of control characters, type from the content. */
export async function incomingFile(filename: string, data: Buffer): Promise<IncomingFile> {
  const name = cleanFileName(filename).slice(0, 255) || "file";
  const mimetype = await detectContentType(data, name);
  return { filename: name, mimetype, data } as IncomingFile;
}

/** How many bytes the type detection of a stored file reads. */
const SNIFF_BYTES = 64 * 1024;

/** Uploaded files: bytes through the storage interface, metadata in the files table. */
export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    readonly signer: FileSigner,
  ) {}

  async save(companyId: number, file: IncomingFile, uploadedById?: number, tx: DbOrTx = this.db) {
    const stored = await this.storage.put(companyId, file.filename, file.data);
    const [row] = await tx
      .insert(files)
      .values({
        companyId,
        name: file.filename,
        storageKey: stored.key,
        mimeType: file.mimetype,
        mimeDetected: true,
        size: stored.size,
        uploadedById: uploadedById ?? null,
      })
      .returning();
    return row!;
  }

  async find(companyId: number, fileId: number): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.companyId, companyId)));
    return row;
  }

  async findById(fileId: number): Promise<FileRow | undefined> {
    const [row] = await this.db.select().from(files).where(eq(files.id, fileId));
    return row;
  }

  /** Deletes the row, then the bytes (a missing object is not an error). */
  async remove(companyId: number, fileId: number): Promise<void> {
    const [row] = await this.db
      .delete(files)
      .where(and(eq(files.id, fileId), eq(files.companyId, companyId)))
      .returning();
    if (row) await this.storage.remove(row.storageKey);
  }

  /**
   * Drops a file an owner (quick message, schedule, queue…) no longer uses, unless a message
   * still shows it: a sent quick-message or schedule attachment stays in the conversation.
   */
  async release(companyId: number, fileId: number | null | undefined): Promise<void> {
    if (!fileId) return;
    const [used] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.fileId, fileId))
      .limit(1);
    if (!used) await this.remove(companyId, fileId);
  }

  /** Removes stored bytes whose rows are already gone (a deleted company's files). */
  async removeObjects(keys: string[]): Promise<void> {
    for (const key of keys) await this.storage.remove(key);
  }

  open(row: FileRow) {
    return this.storage.read(row.storageKey);
  }

  /**
   * The row with a type detected from its bytes. Rows stored before detection existed carry
   * the sender's claim: their head is read and the row corrected once. Null when the bytes
   * are gone: /files and a quick message answer ERR_NOT_FOUND, a queued send goes as a
   * download.
   */
  async checked(row: FileRow): Promise<FileRow | null> {
    if (row.mimeDetected) return row;
    let head: Buffer;
    try {
      head = await this.storage.head(row.storageKey, SNIFF_BYTES);
    } catch {
      return null;
    }
    const mimeType = await detectContentType(head, row.name);
    const [updated] = await this.db
      .update(files)
      .set({ mimeType, mimeDetected: true })
      .where(eq(files.id, row.id))
      .returning();
    return updated ?? { ...row, mimeType, mimeDetected: true };
  }

  /**
   * Checks every legacy row (stored before type detection) in batches, in the background at
   * start; idempotent, so several nodes may run it at once. Returns how many were checked.
   */
  async checkLegacy(logger?: Logger, batch = 200): Promise<number> {
    let after = 0;
    let done = 0;
    for (;;) {
      const rows = await this.db
        .select()
        .from(files)
        .where(and(not(files.mimeDetected), gt(files.id, after)))
        .orderBy(asc(files.id))
        .limit(batch);
      if (rows.length === 0) break;
      for (const row of rows) {
        after = row.id;
        if (await this.checked(row)) done++;
        else logger?.warn({ fileId: row.id }, "file bytes missing: left as a download");
      }
    }
    if (done) logger?.info({ files: done }, "legacy files checked for their content type");
    return done;
  }

  /** `{id, name, url}` for presenters; null when there is no file. */
  ref(row: Pick<FileRow, "id" | "name"> | null | undefined) {
    return row ? { id: row.id, name: row.name, url: this.signer.url(row.id) } : null;
  }
}
