import { and, asc, desc, eq, or } from "drizzle-orm";
import {
  announcementMediaAllowed,
  PAGE_SIZE,
  type AnnouncementReaction,
  type announcementSchema,
} from "@atrium/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { announcements, announcementViews, companies } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import { authorize } from "../users/users.policy.js";
import { presentAnnouncements, type AnnouncementDTO } from "./announcements.presenter.js";

type AnnouncementRow = typeof announcements.$inferSelect;
type AnnouncementInput = z.output<typeof announcementSchema>;

/**
 * Platform announcements (admin-operator §2.11): written by super users, stored in the platform
 * company, read by every user of every company while active. Views and reactions are one row
 * per user; a new reaction replaces the previous one.
 */
export class AnnouncementsService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly files: FilesService,
  ) {}

  async list(actor: Actor, q: { searchParam: string; pageNumber: number; all: boolean }) {
    if (q.all) authorize(actor.super);
    const term = q.searchParam.trim();
    const size = PAGE_SIZE.announcements;
    const { limit, offset } = page(q.pageNumber, size);
    const rows = await this.db
      .select()
      .from(announcements)
      .where(
        and(
          q.all ? undefined : eq(announcements.status, true),
          term
            ? or(
                containsInsensitive(announcements.title, term),
                containsInsensitive(announcements.text, term),
              )
            : undefined,
        ),
      )
      .orderBy(asc(announcements.priority), desc(announcements.createdAt), desc(announcements.id))
      .limit(limit)
      .offset(offset);
    const { items, hasMore } = splitPage(rows, size);
    return { records: await this.present(actor, items), hasMore };
  }

  async get(actor: Actor, id: number): Promise<AnnouncementDTO> {
    return this.presentOne(actor, await this.findReadable(actor, id));
  }

  async create(actor: Actor, input: AnnouncementInput): Promise<AnnouncementDTO> {
    authorize(actor.super);
    const [row] = await this.db
      .insert(announcements)
      .values({ companyId: await this.platformCompanyId(actor), ...input })
      .returning();
    return this.publish("create", actor, row!);
  }

  async update(actor: Actor, id: number, input: AnnouncementInput): Promise<AnnouncementDTO> {
    authorize(actor.super);
    await this.findRow(id);
    const [row] = await this.db
      .update(announcements)
      .set(input)
      .where(eq(announcements.id, id))
      .returning();
    return this.publish("update", actor, row!);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    authorize(actor.super);
    const row = await this.findRow(id);
    await this.db.delete(announcements).where(eq(announcements.id, id));
    await this.files.release(row.companyId, row.fileId);
    this.publisher.announcementDeleted(id);
  }

  async attachMedia(actor: Actor, id: number, file: IncomingFile): Promise<AnnouncementDTO> {
    authorize(actor.super);
    const before = await this.findRow(id);
    if (!announcementMediaAllowed(file.filename, file.mimetype)) {
      throw new AppError("ERR_VALIDATION", "Only .png, .jpg and .jpeg files", {
        file: "Only .png, .jpg and .jpeg",
      });
    }
    const saved = await this.files.save(before.companyId, file, actor.id);
    const [row] = await this.db
      .update(announcements)
      .set({ fileId: saved.id })
      .where(eq(announcements.id, id))
      .returning();
    await this.files.release(before.companyId, before.fileId);
    return this.publish("update", actor, row!);
  }

  async removeMedia(actor: Actor, id: number): Promise<AnnouncementDTO> {
    authorize(actor.super);
    const before = await this.findRow(id);
    const [row] = await this.db
      .update(announcements)
      .set({ fileId: null })
      .where(eq(announcements.id, id))
      .returning();
    await this.files.release(before.companyId, before.fileId);
    return this.publish("update", actor, row!);
  }

  /** The reader saw it (once per user; later views keep the first). */
  async view(actor: Actor, id: number): Promise<AnnouncementDTO> {
    const row = await this.findReadable(actor, id);
    await this.db
      .insert(announcementViews)
      .values({ announcementId: id, userId: actor.id, companyId: actor.homeCompanyId })
      .onConflictDoNothing();
    return this.presentOne(actor, row);
  }

  /** The reader's reaction (also counts as a view); a new one replaces the old. */
  async react(actor: Actor, id: number, reaction: AnnouncementReaction): Promise<AnnouncementDTO> {
    const row = await this.findReadable(actor, id);
    await this.db
      .insert(announcementViews)
      .values({ announcementId: id, userId: actor.id, companyId: actor.homeCompanyId, reaction })
      .onConflictDoUpdate({
        target: [announcementViews.announcementId, announcementViews.userId],
        set: { reaction },
      });
    return this.presentOne(actor, row);
  }

  private async findRow(id: number): Promise<AnnouncementRow> {
    const [row] = await this.db.select().from(announcements).where(eq(announcements.id, id));
    if (!row) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND");
    return row;
  }

  /** Inactive announcements exist only for super users. */
  private async findReadable(actor: Actor, id: number): Promise<AnnouncementRow> {
    const row = await this.findRow(id);
    if (!row.status && !actor.super) throw new AppError("ERR_NO_ANNOUNCEMENT_FOUND");
    return row;
  }

  /** The operator's company (created at first run); the author's company if there is none. */
  private async platformCompanyId(actor: Actor): Promise<number> {
    const [platform] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.isPlatform, true))
      .orderBy(asc(companies.id))
      .limit(1);
    return platform?.id ?? actor.homeCompanyId;
  }

  private present(actor: Actor, rows: AnnouncementRow[]) {
    return presentAnnouncements(this.db, this.files.signer, rows, actor.id);
  }

  private async presentOne(actor: Actor, row: AnnouncementRow) {
    return (await this.present(actor, [row]))[0]!;
  }

  /** Everyone's sockets get the record (without the author's own view state). */
  private async publish(action: "create" | "update", actor: Actor, row: AnnouncementRow) {
    const dto = await this.presentOne(actor, row);
    this.publisher.announcementChanged(action, { ...dto, viewed: false, reaction: null });
    return dto;
  }
}
