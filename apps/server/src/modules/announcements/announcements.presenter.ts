import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import type { AnnouncementReaction } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { type announcements, announcementViews, files } from "../../db/schema/index.js";
import type { FileSigner } from "../../lib/storage.js";

type AnnouncementRow = typeof announcements.$inferSelect;

/**
 * Announcements with their attachment, view count and reaction counts; `viewed` and
 * `reaction` are the reader's own.
 */
export async function presentAnnouncements(
  db: DbOrTx,
  signer: FileSigner,
  rows: AnnouncementRow[],
  readerId: number,
) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const fileIds = rows.map((r) => r.fileId).filter((f): f is number => f !== null);
  const [views, reactions, mine, names] = await Promise.all([
    db
      .select({ id: announcementViews.announcementId, n: count() })
      .from(announcementViews)
      .where(inArray(announcementViews.announcementId, ids))
      .groupBy(announcementViews.announcementId),
    db
      .select({
        id: announcementViews.announcementId,
        reaction: announcementViews.reaction,
        n: count(),
      })
      .from(announcementViews)
      .where(
        and(inArray(announcementViews.announcementId, ids), isNotNull(announcementViews.reaction)),
      )
      .groupBy(announcementViews.announcementId, announcementViews.reaction),
    db
      .select()
      .from(announcementViews)
      .where(
        and(inArray(announcementViews.announcementId, ids), eq(announcementViews.userId, readerId)),
      ),
    fileIds.length
      ? db.select({ id: files.id, name: files.name }).from(files).where(inArray(files.id, fileIds))
      : Promise.resolve([]),
  ]);
  return rows.map((a) => {
    const counts = (reaction: AnnouncementReaction) =>
      reactions.find((r) => r.id === a.id && r.reaction === reaction)?.n ?? 0;
    const own = mine.find((m) => m.announcementId === a.id);
    return {
      id: a.id,
      title: a.title,
      text: a.text,
      link: a.link,
      priority: a.priority,
      category: a.category,
      status: a.status,
      mediaPath: a.fileId ? signer.url(a.fileId) : null,
      mediaName: names.find((f) => f.id === a.fileId)?.name ?? null,
      views: views.find((v) => v.id === a.id)?.n ?? 0,
      reactions: { bad: counts("bad"), neutral: counts("neutral"), good: counts("good") },
      viewed: Boolean(own),
      reaction: (own?.reaction as AnnouncementReaction | null | undefined) ?? null,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
    };
  });
}

export type AnnouncementDTO = Awaited<ReturnType<typeof presentAnnouncements>>[number];
