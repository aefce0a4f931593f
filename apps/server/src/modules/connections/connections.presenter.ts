import { asc, eq, inArray } from "drizzle-orm";
import { isAdmin } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { connectionQueues, type connections, files, queues } from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";
import type { Actor } from "../auth/actor.js";

type ConnectionRow = typeof connections.$inferSelect;

/**
 * A secret as the browser sees it: never in full, only its last 4 characters. A form that
 * sends this mask (or nothing) back keeps the stored secret (see keepStoredSecret).
 */
export function maskSecret(secret: string | undefined): string {
  if (!secret) return "";
  return `${SECRET_MASK}${secret.length > 12 ? secret.slice(-4) : ""}`;
}

export const SECRET_MASK = "••••••••";

/** The access token to store: the new one, or the stored one when the form sent its mask. */
export function keepStoredSecret(sent: string | undefined, stored: string | undefined) {
  if (!sent || sent.startsWith(SECRET_MASK)) return stored;
  return sent;
}

/**
 * Connections as JSON; the API token and the QR code only for admins; the channel access token never in full
 * (masked for admins, absent for the others and in live events, `viewer` "agents").
 */
export async function presentConnections(
  db: DbOrTx,
  signer: FileSigner,
  rows: ConnectionRow[],
  viewer: Actor | "system" | "agents",
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
  const secrets = viewer === "system" || (viewer !== "agents" && isAdmin(viewer));
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
      // The QR code logs a device into the company's WhatsApp: admins only.
      qrcode: secrets ? c.qrcode : "",
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
      config: secrets
        ? { ...publicConfig, ...(accessToken && { accessToken: maskSecret(accessToken) }) }
        : publicConfig,
      hasAccessToken: Boolean(accessToken),
      file: file ? { id: file.id, name: file.name, url: signer.url(file.id) } : null,
      queues: queueList,
      queueIds: queueList.map((q) => q.id),
      companyId: c.companyId,
      // Send health: the breaker tripped; why and since when the connection is down.
      degraded: c.degraded,
      incidentReason: c.incidentReason,
      incidentAt: c.incidentAt?.toISOString() ?? null,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  });
}
