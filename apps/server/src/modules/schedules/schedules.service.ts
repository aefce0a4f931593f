import { and, desc, eq, or } from "drizzle-orm";
import {
  adminMsg,
  messageTypeOf,
  PAGE_SIZE,
  type scheduleListQuerySchema,
  type scheduleSchema,
} from "@atrium/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { connections, contacts, queues, schedules, users } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import { authorize } from "../users/users.policy.js";
import type { ScheduleSender } from "./schedule-sender.js";
import { presentSchedule, presentSchedules, type ScheduleDTO } from "./schedules.presenter.js";
import { schedulesPolicy as policy } from "./schedules.policy.js";

type ScheduleRow = typeof schedules.$inferSelect;
type ScheduleInput = z.output<typeof scheduleSchema>;
type ListQuery = z.output<typeof scheduleListQuerySchema>;

/** Scheduled messages (agent-core §2 schedule dialog, admin-operator §2.10). */
export class SchedulesService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly files: FilesService,
    private readonly sender: ScheduleSender,
  ) {}

  /** Startup recovery (see ScheduleSender.recover). */
  recoverPending(): Promise<number> {
    return this.sender.recover();
  }

  async list(actor: Actor, q: ListQuery) {
    const term = q.searchParam.trim();
    const size = PAGE_SIZE.schedules;
    const { limit, offset } = page(q.pageNumber, size);
    const rows = await this.db
      .select({ s: schedules })
      .from(schedules)
      .innerJoin(contacts, eq(contacts.id, schedules.contactId))
      .where(
        and(
          eq(schedules.companyId, actor.companyId),
          q.contactId ? eq(schedules.contactId, q.contactId) : undefined,
          term
            ? or(
                containsInsensitive(contacts.name, term),
                containsInsensitive(schedules.body, term),
              )
            : undefined,
        ),
      )
      .orderBy(desc(schedules.sendAt), desc(schedules.id))
      .limit(limit)
      .offset(offset);
    const { items, hasMore } = splitPage(
      rows.map((r) => r.s),
      size,
    );
    return { schedules: await presentSchedules(this.db, this.files.signer, items), hasMore };
  }

  async get(actor: Actor, id: number): Promise<ScheduleDTO> {
    return this.present(await this.findRow(actor.companyId, id));
  }

  async create(actor: Actor, input: ScheduleInput): Promise<ScheduleDTO> {
    const refs = await this.checkRefs(actor, input);
    const [row] = await this.db
      .insert(schedules)
      .values({
        companyId: actor.companyId,
        ...refs,
        body: input.body,
        sendAt: input.sendAt,
        openTicket: input.openTicket,
        status: "PENDENTE",
        messageType: messageTypeOf(false, input.body),
      })
      .returning();
    await this.sender.enqueue(row!, { replace: false });
    return this.publishAndPresent("create", row!);
  }

  /**
   * Edits a schedule that was not sent yet. A failed one (ERRO) goes back to PENDENTE and is
   * tried again at its (new) time; a changed time must be in the future.
   */
  async update(actor: Actor, id: number, input: ScheduleInput): Promise<ScheduleDTO> {
    const before = await this.editable(actor, id);
    if (
      input.sendAt.getTime() !== before.sendAt.getTime() &&
      input.sendAt.getTime() <= Date.now()
    ) {
      throw new AppError("ERR_VALIDATION", adminMsg.futureDate, { sendAt: adminMsg.futureDate });
    }
    const refs = await this.checkRefs(actor, input, before);
    const [row] = await this.db
      .update(schedules)
      .set({
        ...refs,
        body: input.body,
        sendAt: input.sendAt,
        openTicket: input.openTicket,
        status: "PENDENTE",
        error: null,
        messageType: messageTypeOf(before.fileId !== null, input.body),
      })
      .where(and(eq(schedules.id, id), eq(schedules.companyId, actor.companyId)))
      .returning();
    await this.sender.enqueue(row!, { replace: true });
    return this.publishAndPresent("update", row!);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = await this.findRow(actor.companyId, id);
    authorize(policy.canManage(actor, before));
    await this.sender.cancel(before);
    await this.db.delete(schedules).where(eq(schedules.id, id));
    await this.files.release(actor.companyId, before.fileId);
    this.publisher.scheduleDeleted(actor.companyId, id);
  }

  async attachFile(actor: Actor, id: number, file: IncomingFile): Promise<ScheduleDTO> {
    const before = await this.editable(actor, id);
    const saved = await this.files.save(actor.companyId, file, actor.id);
    const [row] = await this.db
      .update(schedules)
      .set({ fileId: saved.id, messageType: messageTypeOf(true, before.body) })
      .where(eq(schedules.id, id))
      .returning();
    await this.files.release(actor.companyId, before.fileId);
    return this.publishAndPresent("update", row!);
  }

  async removeFile(actor: Actor, id: number): Promise<ScheduleDTO> {
    const before = await this.editable(actor, id);
    const [row] = await this.db
      .update(schedules)
      .set({ fileId: null, messageType: messageTypeOf(false, before.body) })
      .where(eq(schedules.id, id))
      .returning();
    await this.files.release(actor.companyId, before.fileId);
    return this.publishAndPresent("update", row!);
  }

  private async findRow(companyId: number, id: number): Promise<ScheduleRow> {
    const [row] = await this.db
      .select()
      .from(schedules)
      .where(and(eq(schedules.id, id), eq(schedules.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_SCHEDULE_FOUND");
    return row;
  }

  /** A schedule the actor may change: theirs (or any, for an admin) and not sent yet. */
  private async editable(actor: Actor, id: number): Promise<ScheduleRow> {
    const row = await this.findRow(actor.companyId, id);
    authorize(policy.canManage(actor, row));
    if (row.sentAt || row.status === "ENVIADA") throw new AppError("ERR_SCHEDULE_ALREADY_SENT");
    return row;
  }

  /** Contact, queue, connection and user must belong to the company; agents act for themselves. */
  private async checkRefs(actor: Actor, input: ScheduleInput, before?: ScheduleRow) {
    const companyId = actor.companyId;
    const [contact] = await this.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.id, input.contactId), eq(contacts.companyId, companyId)));
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    if (input.queueId) {
      const [q] = await this.db
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.id, input.queueId), eq(queues.companyId, companyId)));
      if (!q) throw new AppError("ERR_NO_QUEUE_FOUND");
    }
    if (input.whatsappId) {
      const [c] = await this.db
        .select({ id: connections.id })
        .from(connections)
        .where(and(eq(connections.id, input.whatsappId), eq(connections.companyId, companyId)));
      if (!c) throw new AppError("ERR_NO_WAPP_FOUND");
    }
    const userId = input.userId ?? before?.userId ?? actor.id;
    if (userId !== before?.userId) {
      authorize(policy.canActFor(actor, userId));
      const [u] = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
      if (!u) throw new AppError("ERR_NO_USER_FOUND");
    }
    return {
      contactId: contact.id,
      queueId: input.queueId,
      connectionId: input.whatsappId,
      userId,
    };
  }

  private present(row: ScheduleRow) {
    return presentSchedule(this.db, this.files.signer, row);
  }

  private async publishAndPresent(action: "create" | "update", row: ScheduleRow) {
    const dto = await this.present(row);
    this.publisher.scheduleChanged(row.companyId, action, dto);
    return dto;
  }
}
