import { and, count, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import {
  PAGE_SIZE,
  TEXT_MAX,
  type CampaignDTO,
  type CampaignInput,
  type CampaignSettingsInput,
  type CampaignStatus,
  type campaignListQuerySchema,
  type campaignShipmentQuerySchema,
} from "@atrium/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import {
  campaigns,
  connections,
  contactListItems,
  contactLists,
  contacts,
  contactTags,
  tags,
} from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import type { CampaignSender } from "./campaign-sender.js";
import { loadCampaignSettings, saveCampaignSettings } from "./campaign-settings.js";
import { assertCampaignsAccess } from "./campaigns.policy.js";
import { presentCampaign, presentCampaigns, shipmentsPage } from "./campaigns.presenter.js";

type CampaignRow = typeof campaigns.$inferSelect;
type ListQuery = z.output<typeof campaignListQuerySchema>;
type ShipmentQuery = z.output<typeof campaignShipmentQuerySchema>;

const EDITABLE: readonly string[] = ["PROGRAMADA", "PAUSADA"];

/**
 * Campaigns (issue #15): CRUD, the state actions (pause, resume, cancel, duplicate), the file,
 * the report's recipients and the company's campaign settings. Admins only, while campaigns are
 * enabled for the company. Sending is CampaignSender's.
 *
 * States: created PROGRAMADA; with no time ('Enviar agora') it starts at once (EM_ANDAMENTO),
 * else its job waits for scheduledAt. A duplicate is PROGRAMADA without a time and without a
 * job: it waits until it is saved again (PUT), which schedules or starts it like a new one.
 */
export class CampaignsService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly files: FilesService,
    private readonly sender: CampaignSender,
  ) {}

  /** Startup recovery (CampaignSender.recover). */
  recover(): Promise<number> {
    return this.sender.recover();
  }

  async list(actor: Actor, q: ListQuery) {
    await assertCampaignsAccess(this.db, actor);
    const term = q.searchParam.trim();
    const where = and(
      eq(campaigns.companyId, actor.companyId),
      q.status ? eq(campaigns.status, q.status) : undefined,
      term ? containsInsensitive(campaigns.name, term) : undefined,
    );
    const size = PAGE_SIZE.campaigns;
    const { limit, offset } = page(q.pageNumber, size);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(campaigns)
        .where(where)
        .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(campaigns).where(where),
    ]);
    const { items, hasMore } = splitPage(rows, size);
    return {
      records: await presentCampaigns(this.db, this.files.signer, items),
      count: total?.n ?? 0,
      hasMore,
    };
  }

  async get(actor: Actor, id: number): Promise<CampaignDTO> {
    await assertCampaignsAccess(this.db, actor);
    return this.present(await this.findRow(actor.companyId, id));
  }

  async shipments(actor: Actor, id: number, q: ShipmentQuery) {
    await assertCampaignsAccess(this.db, actor);
    const row = await this.findRow(actor.companyId, id);
    const size = PAGE_SIZE.campaignShipments;
    const { limit, offset } = page(q.pageNumber, size);
    const found = await shipmentsPage(this.db, row.id, q.status, limit, offset);
    const { items, hasMore } = splitPage(found.rows, size);
    return { records: items, count: found.count, hasMore };
  }

  async create(actor: Actor, input: CampaignInput): Promise<CampaignDTO> {
    await assertCampaignsAccess(this.db, actor);
    await this.checkRefs(actor.companyId, input);
    const [row] = await this.db
      .insert(campaigns)
      .values({
        companyId: actor.companyId,
        userId: actor.id,
        status: "PROGRAMADA",
        ...this.columns(input),
      })
      .returning();
    return this.publishAndPresent("create", await this.schedule(row!));
  }

  /**
   * Changes a scheduled or paused campaign. Once a paused campaign has started, its recipients
   * and connection are fixed (its shipments exist): changing them is refused.
   */
  async update(actor: Actor, id: number, input: CampaignInput): Promise<CampaignDTO> {
    await assertCampaignsAccess(this.db, actor);
    const before = await this.findRow(actor.companyId, id);
    if (!EDITABLE.includes(before.status)) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    if (
      before.startedAt &&
      (input.whatsappId !== before.connectionId ||
        input.contactListId !== before.contactListId ||
        input.tagId !== before.tagId)
    ) {
      throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    }
    await this.checkRefs(actor.companyId, input);
    // The same rules again in the UPDATE: a start, resume or cancel meanwhile wins.
    const [row] = await this.db
      .update(campaigns)
      .set(this.columns(input))
      .where(
        and(
          eq(campaigns.id, id),
          eq(campaigns.companyId, actor.companyId),
          inArray(campaigns.status, EDITABLE),
          or(
            isNull(campaigns.startedAt),
            and(
              sql`${campaigns.connectionId} is not distinct from ${input.whatsappId}`,
              sql`${campaigns.contactListId} is not distinct from ${input.contactListId}`,
              sql`${campaigns.tagId} is not distinct from ${input.tagId}`,
            ),
          ),
        ),
      )
      .returning();
    if (!row) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    const saved = row.status === "PROGRAMADA" ? await this.schedule(row) : row;
    return this.publishAndPresent("update", saved);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    await assertCampaignsAccess(this.db, actor);
    const before = await this.findRow(actor.companyId, id);
    if (before.status === "EM_ANDAMENTO") throw new AppError("ERR_CAMPAIGN_STATE");
    await this.sender.cancelJob(before);
    await this.db
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, actor.companyId)));
    await this.releaseFile(actor.companyId, before.fileId);
    this.publisher.campaignDeleted(actor.companyId, id);
  }

  /** EM_ANDAMENTO or PROGRAMADA → PAUSADA: nothing more is sent until resumed. */
  async pause(actor: Actor, id: number): Promise<CampaignDTO> {
    return this.transition(actor, id, ["EM_ANDAMENTO", "PROGRAMADA"], async (row) => {
      await this.sender.cancelJob(row);
      return this.setStatus(row, "PAUSADA", { jobId: null });
    });
  }

  /**
   * PAUSADA → EM_ANDAMENTO where it stopped (after the interval still due), or back to
   * PROGRAMADA when it had not started and its time has not come.
   */
  async resume(actor: Actor, id: number): Promise<CampaignDTO> {
    return this.transition(actor, id, ["PAUSADA"], async (row) => {
      if (!row.startedAt) return this.schedule(await this.setStatus(row, "PROGRAMADA"));
      const resumed = await this.setStatus(row, "EM_ANDAMENTO");
      const at = row.nextRunAt && row.nextRunAt.getTime() > Date.now() ? row.nextRunAt : null;
      await this.sender.enqueue(resumed, at);
      return resumed;
    });
  }

  /** Any state but FINALIZADA/CANCELADA → CANCELADA: the recipients not sent yet never are. */
  async cancel(actor: Actor, id: number): Promise<CampaignDTO> {
    return this.transition(actor, id, ["PROGRAMADA", "EM_ANDAMENTO", "PAUSADA"], async (row) => {
      await this.sender.cancelJob(row);
      return this.setStatus(row, "CANCELADA", { jobId: null, nextRunAt: null });
    });
  }

  /** A copy to send again: PROGRAMADA, no time, no job (it starts when saved again). */
  async duplicate(actor: Actor, id: number): Promise<CampaignDTO> {
    await assertCampaignsAccess(this.db, actor);
    const from = await this.findRow(actor.companyId, id);
    const suffix = " (cópia)";
    const [row] = await this.db
      .insert(campaigns)
      .values({
        companyId: from.companyId,
        userId: actor.id,
        name: from.name.slice(0, TEXT_MAX.title - suffix.length) + suffix,
        status: "PROGRAMADA",
        connectionId: from.connectionId,
        contactListId: from.contactListId,
        tagId: from.tagId,
        messages: from.messages,
        confirmation: from.confirmation,
        confirmationMessages: from.confirmationMessages,
        confirmationReply: from.confirmationReply,
        fileId: from.fileId,
        scheduledAt: null,
      })
      .returning();
    return this.publishAndPresent("create", row!);
  }

  async attachFile(actor: Actor, id: number, file: IncomingFile): Promise<CampaignDTO> {
    await assertCampaignsAccess(this.db, actor);
    const before = await this.editable(actor, id);
    const saved = await this.files.save(actor.companyId, file, actor.id);
    const [row] = await this.db
      .update(campaigns)
      .set({ fileId: saved.id })
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, actor.companyId)))
      .returning();
    await this.releaseFile(actor.companyId, before.fileId);
    return this.publishAndPresent("update", row!);
  }

  async removeFile(actor: Actor, id: number): Promise<CampaignDTO> {
    await assertCampaignsAccess(this.db, actor);
    const before = await this.editable(actor, id);
    const [row] = await this.db
      .update(campaigns)
      .set({ fileId: null })
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, actor.companyId)))
      .returning();
    await this.releaseFile(actor.companyId, before.fileId);
    return this.publishAndPresent("update", row!);
  }

  async settings(actor: Actor): Promise<CampaignSettingsInput> {
    await assertCampaignsAccess(this.db, actor);
    return loadCampaignSettings(this.db, actor.companyId);
  }

  async saveSettings(actor: Actor, input: CampaignSettingsInput): Promise<CampaignSettingsInput> {
    await assertCampaignsAccess(this.db, actor);
    return saveCampaignSettings(this.db, actor.companyId, input);
  }

  // ---------------------------------------------------------------- helpers

  private columns(input: CampaignInput) {
    return {
      name: input.name,
      connectionId: input.whatsappId,
      contactListId: input.contactListId,
      tagId: input.tagId,
      messages: input.messages,
      confirmation: input.confirmation,
      confirmationMessages: input.confirmation ? input.confirmationMessages : [],
      confirmationReply: input.confirmation ? input.confirmationReply : "",
      scheduledAt: input.scheduledAt,
    };
  }

  /**
   * A PROGRAMADA campaign's job: due (or without a time) it starts now — its recipients are
   * materialised before the answer — else its job waits for scheduledAt.
   */
  private async schedule(row: CampaignRow): Promise<CampaignRow> {
    if (row.scheduledAt && row.scheduledAt.getTime() > Date.now()) {
      await this.sender.enqueue(row, row.scheduledAt);
      return this.findRow(row.companyId, row.id);
    }
    const started = await this.sender.start(row.id);
    if (started?.status === "EM_ANDAMENTO") await this.sender.enqueue(started);
    return this.findRow(row.companyId, row.id);
  }

  private async transition(
    actor: Actor,
    id: number,
    from: readonly CampaignStatus[],
    change: (row: CampaignRow) => Promise<CampaignRow>,
  ): Promise<CampaignDTO> {
    await assertCampaignsAccess(this.db, actor);
    const before = await this.findRow(actor.companyId, id);
    if (!from.includes(before.status as CampaignStatus)) throw new AppError("ERR_CAMPAIGN_STATE");
    return this.publishAndPresent("update", await change(before));
  }

  /** A compare-and-set on the state: a sender step that changed it meanwhile wins. */
  private async setStatus(
    row: CampaignRow,
    status: CampaignStatus,
    extra: Partial<typeof campaigns.$inferInsert> = {},
  ): Promise<CampaignRow> {
    const [updated] = await this.db
      .update(campaigns)
      .set({ status, ...extra })
      .where(and(eq(campaigns.id, row.id), eq(campaigns.status, row.status)))
      .returning();
    if (!updated) throw new AppError("ERR_CAMPAIGN_STATE");
    return updated;
  }

  private async findRow(companyId: number, id: number): Promise<CampaignRow> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND");
    return row;
  }

  private async editable(actor: Actor, id: number): Promise<CampaignRow> {
    const row = await this.findRow(actor.companyId, id);
    if (!EDITABLE.includes(row.status)) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE");
    return row;
  }

  /** Connection, list and tag must be the company's; the list or tag must reach someone. */
  private async checkRefs(companyId: number, input: CampaignInput): Promise<void> {
    const [connection] = await this.db
      .select({ id: connections.id })
      .from(connections)
      .where(and(eq(connections.id, input.whatsappId), eq(connections.companyId, companyId)));
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
    let reachable: { one: unknown } | undefined;
    if (input.contactListId) {
      const [list] = await this.db
        .select({ id: contactLists.id })
        .from(contactLists)
        .where(
          and(eq(contactLists.id, input.contactListId), eq(contactLists.companyId, companyId)),
        );
      if (!list) throw new AppError("ERR_NO_CONTACT_LIST_FOUND");
      [reachable] = await this.db
        .select({ one: sql`1` })
        .from(contactListItems)
        .where(eq(contactListItems.contactListId, list.id))
        .limit(1);
    }
    if (input.tagId) {
      const [tag] = await this.db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.id, input.tagId), eq(tags.companyId, companyId)));
      if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
      [reachable] = await this.db
        .select({ one: sql`1` })
        .from(contactTags)
        .innerJoin(contacts, eq(contacts.id, contactTags.contactId))
        .where(
          and(eq(contactTags.tagId, tag.id), eq(contacts.isGroup, false), ne(contacts.number, "")),
        )
        .limit(1);
    }
    if (!reachable) throw new AppError("ERR_CAMPAIGN_NO_RECIPIENTS");
  }

  /** A file shared with a duplicate stays while another campaign uses it. */
  private async releaseFile(companyId: number, fileId: number | null): Promise<void> {
    if (!fileId) return;
    const [other] = await this.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.fileId, fileId), eq(campaigns.companyId, companyId)))
      .limit(1);
    if (!other) await this.files.release(companyId, fileId);
  }

  private present(row: CampaignRow) {
    return presentCampaign(this.db, this.files.signer, row);
  }

  private async publishAndPresent(action: "create" | "update", row: CampaignRow) {
    const dto = await this.present(row);
    this.publisher.campaignChanged(row.companyId, action, dto);
    return dto;
  }
}
