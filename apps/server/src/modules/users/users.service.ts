import { and, asc, count, eq, inArray, ne, or } from "drizzle-orm";
import {
  PAGE_SIZE,
  type UserDTO,
  type userCreateSchema,
  type userUpdateSchema,
} from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { companies, queues, userQueues, users } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import { hashPassword } from "../../lib/password.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { assertWithinLimit } from "../plans/limits.js";
import { revokeUserSessions } from "../auth/sessions.js";
import { authorize, usersPolicy } from "./users.policy.js";
import { presentUser, presentUsers } from "./users.presenter.js";

type UserRow = typeof users.$inferSelect;
type CreateInput = z.output<typeof userCreateSchema>;
type UpdateInput = z.output<typeof userUpdateSchema>;

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  async findRow(id: number): Promise<UserRow> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new AppError("ERR_NO_USER_FOUND");
    return row;
  }

  /** A user the actor may see; anything else is "not found", never another company's row. */
  async get(actor: Actor, id: number): Promise<UserRow> {
    const row = await this.findRow(id).catch(() => undefined);
    if (!row || !usersPolicy.canRead(actor, row)) throw new AppError("ERR_NO_USER_FOUND");
    return row;
  }

  async search(actor: Actor, q: { searchParam: string; pageNumber: number }) {
    const where = and(
      eq(users.companyId, actor.companyId),
      q.searchParam
        ? or(
            containsInsensitive(users.name, q.searchParam),
            containsInsensitive(users.email, q.searchParam),
          )
        : undefined,
    );
    const size = PAGE_SIZE.users;
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(page(q.pageNumber, size).limit)
      .offset(page(q.pageNumber, size).offset);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const { items, hasMore } = splitPage(rows, size);
    return { users: await presentUsers(this.db, items), count: total?.n ?? 0, hasMore };
  }

  /** Light list for pickers; a super user may name another company. */
  async list(actor: Actor, companyId?: number) {
    const target = actor.super && companyId ? companyId : actor.companyId;
    return this.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        profile: users.profile,
        online: users.online,
      })
      .from(users)
      .where(eq(users.companyId, target))
      .orderBy(asc(users.name));
  }

  async create(actor: Actor, input: CreateInput): Promise<UserDTO> {
    const companyId = actor.super && input.companyId ? input.companyId : actor.companyId;
    authorize(usersPolicy.canCreateIn(actor, companyId));
    await this.assertCompanyExists(companyId);
    if (!actor.super && input.selectedCompanyId) throw new AppError("ERR_NO_PERMISSION");

    const row = await this.db
      .transaction(async (tx) => {
        await assertWithinLimit(tx, companyId, "users");
        const [created] = await tx
          .insert(users)
          .values({
            name: input.name,
            email: input.email,
            passwordHash: await hashPassword(input.password),
            profile: usersPolicy.canEditProfile(actor) ? input.profile : "user",
            super: actor.super ? (input.super ?? false) : false,
            companyId,
            allowFinishTicketWithoutMessage: input.allowFinishTicketWithoutMessage,
            allowChangeSignature: input.allowChangeSignature,
            selectedCompanyId: actor.super ? (input.selectedCompanyId ?? null) : null,
          })
          .returning();
        await this.setQueues(tx, created!.id, companyId, input.queueIds);
        if (created!.selectedCompanyId) {
          await this.setQueues(
            tx,
            created!.id,
            created!.selectedCompanyId,
            input.selectedCompanyQueueIds,
          );
        }
        return created!;
      })
      .catch(rethrowDuplicateEmail);
    const dto = await presentUser(this.db, row);
    this.publisher.userChanged(companyId, "create", dto);
    return dto;
  }

  async update(actor: Actor, id: number, input: UpdateInput): Promise<UserDTO> {
    const target = await this.get(actor, id);
    const manages = usersPolicy.canManage(actor, target);
    authorize(manages || target.id === actor.id);
    if (!actor.super && input.selectedCompanyId) throw new AppError("ERR_NO_PERMISSION");

    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.email !== undefined) changes.email = input.email;
    if (input.password) changes.passwordHash = await hashPassword(input.password);
    if (manages) {
      if (input.profile && usersPolicy.canEditProfile(actor)) changes.profile = input.profile;
      if (input.allowFinishTicketWithoutMessage !== undefined)
        changes.allowFinishTicketWithoutMessage = input.allowFinishTicketWithoutMessage;
      if (input.allowChangeSignature !== undefined)
        changes.allowChangeSignature = input.allowChangeSignature;
    }
    if (actor.super) {
      if (input.super !== undefined && target.id !== actor.id) changes.super = input.super;
      if (input.selectedCompanyId !== undefined) {
        if (input.selectedCompanyId) await this.assertCompanyExists(input.selectedCompanyId);
        changes.selectedCompanyId = input.selectedCompanyId;
      }
    }
    const editQueues = manages && usersPolicy.canEditQueues(actor);

    let ended: string[] = [];
    const row = await this.db
      .transaction(async (tx) => {
        const [updated] = Object.keys(changes).length
          ? await tx.update(users).set(changes).where(eq(users.id, id)).returning()
          : [target];
        if (editQueues && input.queueIds) {
          await this.setQueues(tx, id, target.companyId, input.queueIds);
        }
        if (actor.super && changes.selectedCompanyId !== undefined) {
          // Support access changed: queues of the previous selection no longer apply.
          await tx
            .delete(userQueues)
            .where(and(eq(userQueues.userId, id), ne(userQueues.companyId, target.companyId)));
          if (updated!.selectedCompanyId) {
            await this.setQueues(
              tx,
              id,
              updated!.selectedCompanyId,
              input.selectedCompanyQueueIds ?? [],
            );
          }
        }
        if (changes.passwordHash) {
          // A new password ends every other session of that user.
          ended = await revokeUserSessions(tx, id, "password", actor.sessionId);
        }
        return updated!;
      })
      .catch(rethrowDuplicateEmail);
    this.publisher.disconnectSessions(ended);
    const dto = await presentUser(this.db, row);
    this.publisher.userChanged(row.companyId, "update", dto);
    await this.publisher.resyncUserRooms(row.id);
    return dto;
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const target = await this.get(actor, id);
    authorize(usersPolicy.canDelete(actor, target));
    await this.db.delete(users).where(eq(users.id, id));
    this.publisher.userDeleted(target.companyId, id);
    this.publisher.disconnectUsers([target.id]);
  }

  /** Replaces a user's queues within one company; every queue must belong to it. */
  private async setQueues(tx: DbOrTx, userId: number, companyId: number, queueIds: number[]) {
    const unique = [...new Set(queueIds)];
    if (unique.length) {
      const found = await tx
        .select({ id: queues.id })
        .from(queues)
        .where(and(eq(queues.companyId, companyId), inArray(queues.id, unique)));
      if (found.length !== unique.length) {
        throw new AppError("ERR_NO_QUEUE_FOUND", undefined, { queueIds: "Unknown queue" });
      }
    }
    await tx
      .delete(userQueues)
      .where(and(eq(userQueues.userId, userId), eq(userQueues.companyId, companyId)));
    if (unique.length) {
      await tx.insert(userQueues).values(unique.map((queueId) => ({ userId, queueId, companyId })));
    }
  }

  private async assertCompanyExists(companyId: number) {
    const [company] = await this.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw new AppError("ERR_NO_COMPANY_FOUND");
  }
}

function rethrowDuplicateEmail(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError("ERR_EMAIL_ALREADY_EXISTS");
  throw err;
}
