import type { queueOptions } from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";

type OptionRow = typeof queueOptions.$inferSelect;

/** A node of a queue's options tree; `path` is the signed URL of its file. */
export function presentQueueOption(
  row: OptionRow,
  extra: { fileName: string | null; childrenCount: number },
  signer: FileSigner,
) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    option: row.option,
    queueId: row.queueId,
    parentId: row.parentId,
    optionType: row.optionType,
    fileType: row.fileType ?? "",
    fileName: row.fileId ? extra.fileName : null,
    path: row.fileId ? signer.url(row.fileId) : null,
    finalize: row.finalize,
    waitTreatment: row.waitTreatment,
    childrenCount: extra.childrenCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type QueueOptionDTO = ReturnType<typeof presentQueueOption>;
