import { asc, inArray } from "drizzle-orm";
import { campaignsEnabled, emptyWorkingHours } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import {
  type companies,
  connections,
  files,
  instances,
  plans,
  settings,
} from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";
import { presentPlan } from "../plans/plans.presenter.js";

type CompanyRow = typeof companies.$inferSelect;
type FileRow = typeof files.$inferSelect;

/** 'YYYY-MM-DD HH:mm:ss' in the server's local time, as the operator screen shows it (§7). */
export function formatStamp(date: Date | null): string | null {
  if (!date) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function fileRef(signer: FileSigner, row: FileRow | undefined) {
  if (!row) return null;
  const url = signer.url(row.id);
  return { id: row.id, name: row.name, uri: url, url };
}

/**
 * Companies as the platform operator sees them (admin-operator §3 Company): billing fields,
 * plan and instance, connections, settings, per-company connection limits (0 = the plan
 * decides) and the boleto (invoiceFile) and nota (noteFile) as signed URLs. Batched: a few
 * queries for any number of companies.
 */
export async function presentOperatorCompanies(db: DbOrTx, signer: FileSigner, rows: CompanyRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const planIds = [...new Set(rows.map((r) => r.planId).filter((id): id is number => !!id))];
  const instanceIds = [
    ...new Set(rows.map((r) => r.instanceId).filter((id): id is number => !!id)),
  ];
  const fileIds = rows
    .flatMap((r) => [r.invoiceFileId, r.noteFileId])
    .filter((id): id is number => !!id);
  const [planRows, instanceRows, connectionRows, settingRows, fileRows] = await Promise.all([
    planIds.length ? db.select().from(plans).where(inArray(plans.id, planIds)) : [],
    instanceIds.length ? db.select().from(instances).where(inArray(instances.id, instanceIds)) : [],
    db
      .select({
        id: connections.id,
        name: connections.name,
        channelType: connections.channelType,
        status: connections.status,
        companyId: connections.companyId,
      })
      .from(connections)
      .where(inArray(connections.companyId, ids))
      .orderBy(asc(connections.name)),
    db
      .select({ companyId: settings.companyId, key: settings.key, value: settings.value })
      .from(settings)
      .where(inArray(settings.companyId, ids))
      .orderBy(asc(settings.key)),
    fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : [],
  ]);
  return rows.map((c) => {
    const plan = planRows.find((p) => p.id === c.planId);
    const instance = instanceRows.find((i) => i.id === c.instanceId);
    const companySettings = settingRows
      .filter((s) => s.companyId === c.id)
      .map(({ key, value }) => ({ key, value }));
    return {
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      document: c.document,
      status: c.status,
      isPlatform: c.isPlatform,
      planId: c.planId,
      plan: plan ? presentPlan(plan) : null,
      instanceId: c.instanceId,
      instance: instance
        ? { id: instance.id, name: instance.name, address: instance.address }
        : null,
      dueDate: c.dueDate,
      recurrence: c.recurrence,
      paymentMethod: c.paymentMethod,
      paymentStatus: c.paymentStatus,
      lastSendPaymentAt: formatStamp(c.lastSendPaymentAt),
      invoiceRequired: c.invoiceRequired,
      useType: c.useType,
      segments: c.segments,
      archived: c.archived,
      archivedAt: c.archivedAt?.toISOString() ?? null,
      language: c.language,
      apiEnabled: c.apiEnabled,
      campaignsEnabled: campaignsEnabled(companySettings),
      invoiceFile: fileRef(
        signer,
        fileRows.find((f) => f.id === c.invoiceFileId),
      ),
      noteFile: fileRef(
        signer,
        fileRows.find((f) => f.id === c.noteFileId),
      ),
      whatsapps: connectionRows.filter((w) => w.companyId === c.id),
      settings: companySettings,
      connectionLimit: {
        baileys: c.limitBaileys ?? 0,
        facebook: c.limitFacebook ?? 0,
        instagram: c.limitInstagram ?? 0,
        whatsAppBusiness: c.limitWhatsappBusiness ?? 0,
        webChat: c.limitWebChat ?? 0,
      },
      schedules: c.schedules.length ? c.schedules : emptyWorkingHours(),
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  });
}

export type OperatorCompanyDTO = Awaited<ReturnType<typeof presentOperatorCompanies>>[number];
