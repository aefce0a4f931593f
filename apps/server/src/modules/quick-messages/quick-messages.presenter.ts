import type { quickMessages } from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";

type QuickMessageRow = typeof quickMessages.$inferSelect;

export function presentQuickMessage(
  row: QuickMessageRow,
  fileName: string | null,
  signer: FileSigner,
) {
  const file = row.fileId
    ? { id: row.fileId, name: fileName ?? "", url: signer.url(row.fileId) }
    : null;
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    messageType: row.messageType,
    global: row.global,
    geral: row.global,
    userId: row.userId,
    companyId: row.companyId,
    fileId: row.fileId,
    file,
    fileName: file?.name ?? null,
    mediaUrl: file?.url ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type QuickMessageDTO = ReturnType<typeof presentQuickMessage>;
