import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { can, queueOptionFileAllowed, type queueOptionSchema } from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { files, queueOptions, queues } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import { authorize } from "../users/users.policy.js";
import { presentQueueOption, type QueueOptionDTO } from "./queue-options.presenter.js";

type OptionRow = typeof queueOptions.$inferSelect;
type OptionInput = z.output<typeof queueOptionSchema>;

const FILE_TYPE_LABEL: Record<string, string> = {
  VIDEO: ".mpeg or .mp4",
  IMAGE: ".jpeg, .jpg or .png",
  AUDIO: "an audio file",
};

/**
 * The chatbot options tree of a queue (admin-operator §2.7). Admins only, like the queues
 * screen. Siblings are numbered 1..n; deleting a node removes its subtree and renumbers.
 */
export class QueueOptionsService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
  ) {}

  async list(actor: Actor, queueId: number, parentId: number | null): Promise<QueueOptionDTO[]> {
    authorize(can(actor, "queues:manage"));
    await this.assertQueue(actor.companyId, queueId);
    const rows = await this.db
      .select()
      .from(queueOptions)
      .where(
        and(
          eq(queueOptions.companyId, actor.companyId),
          eq(queueOptions.queueId, queueId),
          parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
        ),
      )
      .orderBy(asc(queueOptions.option), asc(queueOptions.id));
    return this.present(rows);
  }

  async get(actor: Actor, id: number): Promise<QueueOptionDTO> {
    authorize(can(actor, "queues:manage"));
    return (await this.present([await this.findRow(actor.companyId, id)]))[0]!;
  }

  async create(actor: Actor, input: OptionInput, file?: IncomingFile): Promise<QueueOptionDTO> {
    authorize(can(actor, "queues:manage"));
    await this.assertQueue(actor.companyId, input.queueId);
    if (input.parentId !== null) await this.assertParent(actor.companyId, input);
    const fileType = input.fileType ?? null;
    if (file) this.assertFileFits(fileType, file);
    const saved = file ? await this.files.save(actor.companyId, file, actor.id) : undefined;
    const row = await this.db.transaction(async (tx) => {
      const option = input.option ?? (await this.nextOrdinal(tx, input.queueId, input.parentId));
      const [created] = await tx
        .insert(queueOptions)
        .values({
          companyId: actor.companyId,
          queueId: input.queueId,
          parentId: input.parentId,
          title: input.title,
          message: input.message,
          option,
          ...(input.optionType && { optionType: input.optionType }),
          fileType: fileType ?? (saved ? "DOCUMENT" : null),
          fileId: saved?.id ?? null,
          finalize: input.finalize,
          waitTreatment: input.waitTreatment,
        })
        .returning();
      return created!;
    });
    return (await this.present([row]))[0]!;
  }

  /**
   * Updates a node. The file type is locked once a file is attached (the client greys the
   * selector out); a new file replaces the old one and must fit the type.
   */
  async update(
    actor: Actor,
    id: number,
    input: OptionInput,
    file?: IncomingFile,
  ): Promise<QueueOptionDTO> {
    authorize(can(actor, "queues:manage"));
    const before = await this.findRow(actor.companyId, id);
    if (input.queueId !== before.queueId) {
      throw new AppError("ERR_VALIDATION", "An option cannot move to another queue", {
        queueId: "Invalid",
      });
    }
    if (input.parentId !== null) {
      if (input.parentId === id || (await this.isDescendant(input.parentId, id))) {
        throw new AppError("ERR_VALIDATION", "An option cannot be its own descendant", {
          parentId: "Invalid",
        });
      }
      await this.assertParent(actor.companyId, input);
    }
    const fileType = input.fileType === undefined ? before.fileType : input.fileType;
    if (before.fileId && fileType !== before.fileType) {
      throw new AppError(
        "ERR_VALIDATION",
        "The file type cannot change while a file is attached; remove the file first",
        { fileType: "Locked" },
      );
    }
    if (file) this.assertFileFits(fileType, file);
    const saved = file ? await this.files.save(actor.companyId, file, actor.id) : undefined;
    const [row] = await this.db
      .update(queueOptions)
      .set({
        title: input.title,
        message: input.message,
        parentId: input.parentId,
        ...(input.option && { option: input.option }),
        ...(input.optionType && { optionType: input.optionType }),
        fileType: fileType ?? (saved ? "DOCUMENT" : null),
        ...(saved && { fileId: saved.id }),
        finalize: input.finalize,
        waitTreatment: input.waitTreatment,
      })
      .where(eq(queueOptions.id, id))
      .returning();
    if (saved) await this.files.release(actor.companyId, before.fileId);
    return (await this.present([row!]))[0]!;
  }

  /** Removes the node's file; the file type unlocks. */
  async removeFile(actor: Actor, id: number): Promise<QueueOptionDTO> {
    authorize(can(actor, "queues:manage"));
    const before = await this.findRow(actor.companyId, id);
    const [row] = await this.db
      .update(queueOptions)
      .set({ fileId: null })
      .where(eq(queueOptions.id, id))
      .returning();
    await this.files.release(actor.companyId, before.fileId);
    return (await this.present([row!]))[0]!;
  }

  /** Deletes a node with its subtree and renumbers the remaining siblings 1..n, atomically. */
  async delete(actor: Actor, id: number): Promise<void> {
    authorize(can(actor, "queues:manage"));
    const node = await this.findRow(actor.companyId, id);
    const fileIds = await this.db.transaction(async (tx) => {
      const subtree = await this.subtree(tx, id);
      const removed = await tx
        .delete(queueOptions)
        .where(inArray(queueOptions.id, subtree))
        .returning({ fileId: queueOptions.fileId });
      await tx.execute(sql`
        update queue_options o set option = n.rn
        from (
          select id, row_number() over (order by option, id) as rn
          from queue_options
          where queue_id = ${node.queueId}
            and parent_id is not distinct from ${node.parentId}
        ) n
        where o.id = n.id and o.option <> n.rn`);
      return removed.map((r) => r.fileId);
    });
    for (const fileId of fileIds) await this.files.release(actor.companyId, fileId);
  }

  private assertFileFits(fileType: string | null, file: IncomingFile) {
    if (!queueOptionFileAllowed(fileType, file)) {
      const expected = FILE_TYPE_LABEL[fileType ?? ""] ?? "a file";
      throw new AppError("ERR_VALIDATION", `A ${fileType} option takes ${expected}`, {
        file: `Expected ${expected}`,
      });
    }
  }

  private async findRow(companyId: number, id: number): Promise<OptionRow> {
    const [row] = await this.db
      .select()
      .from(queueOptions)
      .where(and(eq(queueOptions.id, id), eq(queueOptions.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND");
    return row;
  }

  private async assertQueue(companyId: number, queueId: number) {
    const [row] = await this.db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_QUEUE_FOUND");
  }

  /** The parent must be an option of the same queue (and company). */
  private async assertParent(companyId: number, input: OptionInput) {
    const parent = await this.findRow(companyId, input.parentId!).catch(() => undefined);
    if (!parent || parent.queueId !== input.queueId) {
      throw new AppError("ERR_VALIDATION", "Unknown parent option", { parentId: "Invalid" });
    }
  }

  private async nextOrdinal(tx: DbOrTx, queueId: number, parentId: number | null) {
    const [row] = await tx
      .select({ max: sql<number | null>`max(${queueOptions.option})` })
      .from(queueOptions)
      .where(
        and(
          eq(queueOptions.queueId, queueId),
          parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
        ),
      );
    return Number(row?.max ?? 0) + 1;
  }

  /** Ids of a node and all its descendants. */
  private async subtree(tx: DbOrTx, id: number): Promise<number[]> {
    const result = await tx.execute<{ id: number }>(sql`
      with recursive t(id) as (
        select id from queue_options where id = ${id}
        union all
        select o.id from queue_options o join t on o.parent_id = t.id
      )
      select id from t`);
    return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
  }

  private async isDescendant(candidate: number, ancestor: number): Promise<boolean> {
    return (await this.subtree(this.db, ancestor)).includes(candidate);
  }

  private async present(rows: OptionRow[]): Promise<QueueOptionDTO[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const fileIds = rows.map((r) => r.fileId).filter((f): f is number => f !== null);
    const [children, names] = await Promise.all([
      this.db
        .select({ parentId: queueOptions.parentId, n: count() })
        .from(queueOptions)
        .where(inArray(queueOptions.parentId, ids))
        .groupBy(queueOptions.parentId),
      fileIds.length
        ? this.db
            .select({ id: files.id, name: files.name })
            .from(files)
            .where(inArray(files.id, fileIds))
        : Promise.resolve([]),
    ]);
    return rows.map((row) =>
      presentQueueOption(
        row,
        {
          fileName: names.find((f) => f.id === row.fileId)?.name ?? null,
          childrenCount: children.find((c) => c.parentId === row.id)?.n ?? 0,
        },
        this.files.signer,
      ),
    );
  }
}

/** Rows of a raw `execute`: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
