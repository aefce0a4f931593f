import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { can, emptyWorkingHours, type queueSchema } from "@atrium/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { files, queueOptions, queues, userQueues, users } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { assertWithinLimit } from "../plans/limits.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import { authorize } from "../users/users.policy.js";

type QueueRow = typeof queues.$inferSelect;
type QueueInput = z.output<typeof queueSchema>;

type FileRef = { id: number; name: string; url: string } | null;

/** A queue; `file` is the greeting attachment with a signed URL. */
export function presentQueue(q: QueueRow, file: FileRef = null) {
  return {
    id: q.id,
    name: q.name,
    color: q.color,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    orderQueue: q.orderQueue,
    optionType: q.optionType,
    initialMessageType: q.initialMessageType,
    schedules: q.schedules.length ? q.schedules : emptyWorkingHours(),
    fileId: q.fileId,
    file,
    companyId: q.companyId,
  };
}

export class QueuesService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
    private readonly files: FilesService,
  ) {}

  /** Presents queues with their attachment's name and signed URL. */
  private async present(rows: QueueRow[]) {
    const fileIds = rows.map((r) => r.fileId).filter((id): id is number => id !== null);
    const names = fileIds.length
      ? await this.db
          .select({ id: files.id, name: files.name })
          .from(files)
          .where(inArray(files.id, fileIds))
      : [];
    return rows.map((r) => presentQueue(r, this.files.ref(names.find((f) => f.id === r.fileId))));
  }

  private async presentOne(row: QueueRow) {
    return (await this.present([row]))[0]!;
  }

  async list(actor: Actor, companyId?: number) {
    // Only a super user may look at another company's queues (support-access picker).
    const target = actor.super && companyId ? companyId : actor.companyId;
    const rows = await this.db
      .select()
      .from(queues)
      .where(eq(queues.companyId, target))
      .orderBy(asc(queues.orderQueue), asc(queues.name));
    return this.present(rows);
  }

  async findRow(companyId: number, id: number): Promise<QueueRow> {
    const [row] = await this.db
      .select()
      .from(queues)
      .where(and(eq(queues.id, id), eq(queues.companyId, companyId)));
    if (!row) throw new AppError("ERR_NO_QUEUE_FOUND");
    return row;
  }

  async get(actor: Actor, id: number) {
    const row = await this.findRow(actor.companyId, id);
    const members = await this.db
      .select({ id: users.id, name: users.name })
      .from(userQueues)
      .innerJoin(users, eq(users.id, userQueues.userId))
      .where(eq(userQueues.queueId, id));
    return { ...(await this.presentOne(row)), users: members };
  }

  async create(actor: Actor, input: QueueInput) {
    authorize(can(actor, "queues:manage"));
    const row = await this.db
      .transaction(async (tx) => {
        await assertWithinLimit(tx, actor.companyId, "queues");
        const [created] = await tx
          .insert(queues)
          .values({
            companyId: actor.companyId,
            name: input.name,
            color: input.color,
            greetingMessage: input.greetingMessage,
            outOfHoursMessage: input.outOfHoursMessage,
            orderQueue: input.orderQueue ?? null,
            schedules: input.schedules ?? emptyWorkingHours(),
          })
          .returning();
        if (input.userIds) await this.setMembers(tx, actor.companyId, created!.id, input.userIds);
        return created!;
      })
      .catch(rethrowQueueConflict);
    const dto = await this.presentOne(row);
    this.publisher.queueChanged(actor.companyId, "create", dto);
    await this.resyncMembers(input.userIds ?? []);
    return dto;
  }

  async update(actor: Actor, id: number, input: QueueInput) {
    authorize(can(actor, "queues:manage"));
    await this.findRow(actor.companyId, id);
    const before = await this.memberIds(id);
    const row = await this.db
      .transaction(async (tx) => {
        const [updated] = await tx
          .update(queues)
          .set({
            name: input.name,
            color: input.color,
            greetingMessage: input.greetingMessage,
            outOfHoursMessage: input.outOfHoursMessage,
            orderQueue: input.orderQueue ?? null,
            ...(input.schedules && { schedules: input.schedules }),
          })
          .where(eq(queues.id, id))
          .returning();
        if (input.userIds) await this.setMembers(tx, actor.companyId, id, input.userIds);
        return updated!;
      })
      .catch(rethrowQueueConflict);
    const dto = await this.presentOne(row);
    this.publisher.queueChanged(actor.companyId, "update", dto);
    if (input.userIds) await this.resyncMembers([...new Set([...before, ...input.userIds])]);
    return dto;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    authorize(can(actor, "queues:manage"));
    const row = await this.findRow(actor.companyId, id);
    const members = await this.memberIds(id);
    // The options tree goes with the queue (cascade); its files are released afterwards.
    const optionFiles = await this.db
      .select({ fileId: queueOptions.fileId })
      .from(queueOptions)
      .where(and(eq(queueOptions.queueId, id), isNotNull(queueOptions.fileId)));
    await this.db.delete(queues).where(eq(queues.id, id));
    for (const fileId of [row.fileId, ...optionFiles.map((o) => o.fileId)]) {
      await this.files.release(actor.companyId, fileId);
    }
    this.publisher.queueDeleted(actor.companyId, id);
    await this.resyncMembers(members);
  }

  /** Attaches (or replaces) the queue's greeting file. */
  async attachFile(actor: Actor, id: number, file: IncomingFile) {
    authorize(can(actor, "queues:manage"));
    const before = await this.findRow(actor.companyId, id);
    const saved = await this.files.save(actor.companyId, file, actor.id);
    const [row] = await this.db
      .update(queues)
      .set({ fileId: saved.id })
      .where(eq(queues.id, id))
      .returning();
    await this.files.release(actor.companyId, before.fileId);
    return this.publishUpdate(row!);
  }

  /** Removes the queue's file and answers the queue. */
  async removeFile(actor: Actor, id: number) {
    authorize(can(actor, "queues:manage"));
    const before = await this.findRow(actor.companyId, id);
    const [row] = await this.db
      .update(queues)
      .set({ fileId: null })
      .where(eq(queues.id, id))
      .returning();
    await this.files.release(actor.companyId, before.fileId);
    return this.publishUpdate(row!);
  }

  private async publishUpdate(row: QueueRow) {
    const dto = await this.presentOne(row);
    this.publisher.queueChanged(row.companyId, "update", dto);
    return dto;
  }

  private async memberIds(queueId: number): Promise<number[]> {
    const rows = await this.db
      .select({ userId: userQueues.userId })
      .from(userQueues)
      .where(eq(userQueues.queueId, queueId));
    return rows.map((r) => r.userId);
  }

  private async setMembers(
    tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
    companyId: number,
    queueId: number,
    userIds: number[],
  ) {
    const unique = [...new Set(userIds)];
    if (unique.length) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, unique)));
      if (found.length !== unique.length) throw new AppError("ERR_NO_USER_FOUND");
    }
    await tx.delete(userQueues).where(eq(userQueues.queueId, queueId));
    if (unique.length)
      await tx.insert(userQueues).values(unique.map((userId) => ({ userId, queueId, companyId })));
  }

  private async resyncMembers(userIds: number[]) {
    for (const userId of userIds) await this.publisher.resyncUserRooms(userId);
  }
}

function rethrowQueueConflict(err: unknown): never {
  if (isUniqueViolation(err, "color")) throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS");
  if (isUniqueViolation(err))
    throw new AppError("ERR_VALIDATION", "A queue with this name already exists", {
      name: "Duplicated",
    });
  throw err;
}
