import { and, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { files, messages } from "../../db/schema/index.js";
import type { FileSigner, Storage } from "../../lib/storage.js";

export type FileRow = typeof files.$inferSelect;

export interface IncomingFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

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
        mimeType: file.mimetype || "application/octet-stream",
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

  /** `{id, name, url}` for presenters; null when there is no file. */
  ref(row: Pick<FileRow, "id" | "name"> | null | undefined) {
    return row ? { id: row.id, name: row.name, url: this.signer.url(row.id) } : null;
  }
}
