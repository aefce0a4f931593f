import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type {
  CampaignDTO,
  CampaignReportDTO,
  CampaignShipmentDTO,
  CampaignStatus,
  CAMPAIGN_SHIPMENT_FILTERS,
} from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import {
  campaignShipments,
  connections,
  contactLists,
  files,
  messages,
  tags,
  type campaigns,
} from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";

type CampaignRow = typeof campaigns.$inferSelect;
type ShipmentFilter = (typeof CAMPAIGN_SHIPMENT_FILTERS)[number];

/**
 * The ack scale of this codebase (baileys/mapper.ts, meta.actions.ts): 0 clock, 1–2 sent (one
 * tick), 3 delivered (grey double tick), 4–5 read. The counts are cumulative: a read message
 * was also sent and delivered.
 */
export const ACK_SENT = 1;
export const ACK_DELIVERED = 3;
export const ACK_READ = 4;

const s = campaignShipments;
const m = messages;
/** A shipment whose message failed (the send refused) or that failed before any message. */
const failedSql = sql`(${s.status} = 'failed' or ${m.error} is not null)`;

/** What each outcome means on a shipment joined (left) with its message. */
export const SHIPMENT_OUTCOME: Record<ShipmentFilter, SQL> = {
  pending: sql`(${s.status} = 'pending' or (${s.status} = 'queued' and coalesce(${m.ack}, 0) < ${ACK_SENT} and ${m.error} is null))`,
  sent: sql`(${m.ack} >= ${ACK_SENT} and ${m.error} is null)`,
  delivered: sql`(${m.ack} >= ${ACK_DELIVERED} and ${m.error} is null)`,
  read: sql`(${m.ack} >= ${ACK_READ} and ${m.error} is null)`,
  replied: sql`(${s.repliedAt} is not null)`,
  failed: failedSql,
  optedOut: sql`(${s.optedOutAt} is not null)`,
  skipped: sql`(${s.status} = 'skipped')`,
};

const count = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

/** Report counts of many campaigns: one grouped query over their shipments and messages. */
export async function campaignReports(
  db: DbOrTx,
  campaignIds: number[],
): Promise<Map<number, CampaignReportDTO>> {
  const out = new Map<number, CampaignReportDTO>();
  if (campaignIds.length === 0) return out;
  const rows = await db
    .select({
      campaignId: s.campaignId,
      total: sql<number>`count(*)`.mapWith(Number),
      pending: count(SHIPMENT_OUTCOME.pending),
      sent: count(SHIPMENT_OUTCOME.sent),
      delivered: count(SHIPMENT_OUTCOME.delivered),
      read: count(SHIPMENT_OUTCOME.read),
      replied: count(SHIPMENT_OUTCOME.replied),
      confirmed: count(sql`${s.confirmedAt} is not null`),
      failed: count(SHIPMENT_OUTCOME.failed),
      optedOut: count(SHIPMENT_OUTCOME.optedOut),
      skipped: count(SHIPMENT_OUTCOME.skipped),
    })
    .from(s)
    .leftJoin(m, eq(m.id, s.messageId))
    .where(inArray(s.campaignId, campaignIds))
    .groupBy(s.campaignId);
  for (const { campaignId, ...report } of rows) out.set(campaignId, report);
  return out;
}

export const EMPTY_REPORT: CampaignReportDTO = {
  total: 0,
  pending: 0,
  sent: 0,
  delivered: 0,
  read: 0,
  replied: 0,
  confirmed: 0,
  failed: 0,
  optedOut: 0,
  skipped: 0,
};

/** Campaigns with their connection, list, tag, file and report (one query per related table). */
export async function presentCampaigns(
  db: DbOrTx,
  signer: FileSigner,
  rows: CampaignRow[],
): Promise<CampaignDTO[]> {
  if (rows.length === 0) return [];
  const ids = <T>(pick: (r: CampaignRow) => T | null) => [
    ...new Set(rows.map(pick).filter((v): v is T => v !== null)),
  ];
  const connectionIds = ids((r) => r.connectionId);
  const listIds = ids((r) => r.contactListId);
  const tagIds = ids((r) => r.tagId);
  const fileIds = ids((r) => r.fileId);
  const [connectionRows, listRows, tagRows, fileRows, reports] = await Promise.all([
    connectionIds.length
      ? db
          .select({
            id: connections.id,
            name: connections.name,
            channelType: connections.channelType,
          })
          .from(connections)
          .where(inArray(connections.id, connectionIds))
      : [],
    listIds.length
      ? db
          .select({ id: contactLists.id, name: contactLists.name })
          .from(contactLists)
          .where(inArray(contactLists.id, listIds))
      : [],
    tagIds.length
      ? db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, tagIds))
      : [],
    fileIds.length
      ? db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, fileIds))
      : [],
    campaignReports(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((c) => {
    const file = fileRows.find((f) => f.id === c.fileId);
    return {
      id: c.id,
      name: c.name,
      status: c.status as CampaignStatus,
      companyId: c.companyId,
      whatsappId: c.connectionId,
      whatsapp: connectionRows.find((w) => w.id === c.connectionId) ?? null,
      contactListId: c.contactListId,
      contactList: listRows.find((l) => l.id === c.contactListId) ?? null,
      tagId: c.tagId,
      tag: tagRows.find((t) => t.id === c.tagId) ?? null,
      messages: c.messages,
      confirmation: c.confirmation,
      confirmationMessages: c.confirmationMessages,
      confirmationReply: c.confirmationReply,
      scheduledAt: c.scheduledAt?.toISOString() ?? null,
      startedAt: c.startedAt?.toISOString() ?? null,
      completedAt: c.completedAt?.toISOString() ?? null,
      file: file ? { id: file.id, name: file.name, url: signer.url(file.id) } : null,
      userId: c.userId,
      report: reports.get(c.id) ?? EMPTY_REPORT,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  });
}

export async function presentCampaign(
  db: DbOrTx,
  signer: FileSigner,
  row: CampaignRow,
): Promise<CampaignDTO> {
  return (await presentCampaigns(db, signer, [row]))[0]!;
}

/** One recipient's outcome as the report counts it, the most telling first. */
const shipmentStatusSql = sql<ShipmentFilter>`case
  when ${SHIPMENT_OUTCOME.optedOut} then 'optedOut'
  when ${SHIPMENT_OUTCOME.replied} then 'replied'
  when ${SHIPMENT_OUTCOME.failed} then 'failed'
  when ${SHIPMENT_OUTCOME.read} then 'read'
  when ${SHIPMENT_OUTCOME.delivered} then 'delivered'
  when ${SHIPMENT_OUTCOME.sent} then 'sent'
  when ${SHIPMENT_OUTCOME.skipped} then 'skipped'
  else 'pending' end`;

/** A page of a campaign's recipients, optionally one outcome only. */
export async function shipmentsPage(
  db: DbOrTx,
  campaignId: number,
  filter: ShipmentFilter | undefined,
  limit: number,
  offset: number,
) {
  const where = and(eq(s.campaignId, campaignId), filter ? SHIPMENT_OUTCOME[filter] : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({ s, status: shipmentStatusSql, error: m.error })
      .from(s)
      .leftJoin(m, eq(m.id, s.messageId))
      .where(where)
      .orderBy(s.id)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(s)
      .leftJoin(m, eq(m.id, s.messageId))
      .where(where),
  ]);
  return {
    rows: rows.map((r): CampaignShipmentDTO => ({
      id: r.s.id,
      name: r.s.name,
      number: r.s.number,
      contactId: r.s.contactId,
      ticketId: r.s.ticketId,
      status: r.status,
      body: r.s.body,
      error: r.s.error ?? r.error,
      sentAt: r.s.sentAt?.toISOString() ?? null,
      repliedAt: r.s.repliedAt?.toISOString() ?? null,
    })),
    count: total?.n ?? 0,
  };
}
