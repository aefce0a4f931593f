import { asc, eq, inArray } from "drizzle-orm";
import { isAdmin } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { connectionQueues, type connections, files, queues } from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";
import type { Actor } from "../auth/actor.js";

type ConnectionRow = typeof connections.$inferSelect;

/** Connections as JSON; secrets (API token, channel access token) only for admins. */
export async function presentConnections(
  db: DbOrTx,
  signer: FileSigner,
  rows: ConnectionRow[],
  viewer: Actor | "system",
) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const links = await db
    .select({
      connectionId: connectionQueues.connectionId,
      id: queues.id,
      name: queues.name,
      color: queues.color,
    })
    .from(connectionQueues)
    .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
    .where(inArray(connectionQueues.connectionId, ids))
    .orderBy(asc(queues.name));
  const fileIds = rows.map((r) => r.fileId).filter((id): id is number => id !== null);
  const fileRows = fileIds.length
    ? await db.select().from(files).where(inArray(files.id, fileIds))
    : [];
  const secrets = viewer === "system" || isAdmin(viewer);
  return rows.map((c) => {
    const file = fileRows.find((f) => f.id === c.fileId);
    const queueList = links
      .filter((l) => l.connectionId === c.id)
      .map(({ id, name, color }) => ({ id, name, color }));
    const { accessToken, ...publicConfig } = c.config;
    return {
      id: c.id,
      uuid: c.uuid,
      name: c.name,
      channelType: c.channelType,
      status: c.status,
      qrcode: c.qrcode,
      retries: c.retries,
      isDefault: c.isDefault,
      number: c.number,
      greetingMessage: c.greetingMessage,
      complationMessage: c.complationMessage,
      outOfHoursMessage: c.outOfHoursMessage,
      ratingMessage: c.ratingMessage,
      transferMessage: c.transferMessage,
      greetingMessageType: c.greetingMessageType,
      provider: c.provider,
      token: secrets ? c.token : "",
      config: secrets ? c.config : publicConfig,
      hasAccessToken: Boolean(accessToken),
      file: file ? { id: file.id, name: file.name, url: signer.url(file.id) } : null,
      queues: queueList,
      queueIds: queueList.map((q) => q.id),
      companyId: c.companyId,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  });
}
