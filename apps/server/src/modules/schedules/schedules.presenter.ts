import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { contacts, files, type schedules, users } from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";

type ScheduleRow = typeof schedules.$inferSelect;

/** Schedules with their contact, author and attachment (one query per related table). */
export async function presentSchedules(db: DbOrTx, signer: FileSigner, rows: ScheduleRow[]) {
  if (rows.length === 0) return [];
  const ids = <T>(pick: (r: ScheduleRow) => T | null) => [
    ...new Set(rows.map(pick).filter((v): v is T => v !== null)),
  ];
  const contactIds = ids((r) => r.contactId);
  const userIds = ids((r) => r.userId);
  const fileIds = ids((r) => r.fileId);
  const [contactRows, userRows, fileRows] = await Promise.all([
    db
      .select({ id: contacts.id, name: contacts.name, number: contacts.number })
      .from(contacts)
      .where(inArray(contacts.id, contactIds)),
    userIds.length
      ? db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
      : Promise.resolve([]),
    fileIds.length
      ? db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, fileIds))
      : Promise.resolve([]),
  ]);
  return rows.map((s) => {
    const file = fileRows.find((f) => f.id === s.fileId);
    return {
      id: s.id,
      body: s.body,
      sendAt: s.sendAt.toISOString(),
      sentAt: s.sentAt?.toISOString() ?? null,
      status: s.status,
      error: s.error,
      messageType: s.messageType,
      openTicket: s.openTicket,
      contactId: s.contactId,
      contact: contactRows.find((c) => c.id === s.contactId) ?? null,
      userId: s.userId,
      user: userRows.find((u) => u.id === s.userId) ?? null,
      queueId: s.queueId,
      whatsappId: s.connectionId,
      ticketId: s.ticketId,
      fileId: s.fileId,
      file: file ? { id: file.id, name: file.name, url: signer.url(file.id) } : null,
      companyId: s.companyId,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    };
  });
}

export type ScheduleDTO = Awaited<ReturnType<typeof presentSchedules>>[number];

export async function presentSchedule(
  db: DbOrTx,
  signer: FileSigner,
  row: ScheduleRow,
): Promise<ScheduleDTO> {
  return (await presentSchedules(db, signer, [row]))[0]!;
}
