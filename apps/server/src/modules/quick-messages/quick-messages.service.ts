import { and, asc, eq, isNull, or } from "drizzle-orm";
import { messageTypeOf, PAGE_SIZE, type quickMessageSchema } from "@atrium/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import { files, quickMessages } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
import type { Actor } from "../auth/actor.js";
import type { FilesService, IncomingFile } from "../files/files.service.js";
import { authorize } from "../users/users.policy.js";
import { quickMessagesPolicy as policy } from "./quick-messages.policy.js";
import { presentQuickMessage, type QuickMessageDTO } from "./quick-messages.presenter.js";

type QuickMessageRow = typeof quickMessages.$inferSelect;
type QuickMessageInput = z.output<typeof quickMessageSchema>;

export class QuickMessagesService {
  constructor(
    private readonly db: Db,
    private readonly files: FilesService,
  ) {}

  /** What the actor may see: the company's shared messages and their own. */
  private visible(actor: Actor) {
    return and(
      eq(quickMessages.companyId, actor.companyId),
      or(
        eq(quickMessages.global, true),
        eq(quickMessages.userId, actor.id),
        isNull(quickMessages.userId),
      ),
    );
  }

  /** The composer's '/' shortcuts (every visible one, by shortcode). */
  async list(actor: Actor) {
    const rows = await this.rowsWithFile(this.visible(actor));
    return rows.map((r) => {
      const dto = presentQuickMessage(r.q, r.fileName, this.files.signer);
      return {
        id: dto.id,
        shortcode: dto.shortcode,
        message: dto.message,
        messageType: dto.messageType,
        fileName: dto.fileName,
        mediaUrl: dto.mediaUrl,
      };
    });
  }

  async search(actor: Actor, q: { searchParam: string; pageNumber: number }) {
    const term = q.searchParam.trim();
    const size = PAGE_SIZE.quickMessages;
    const { limit, offset } = page(q.pageNumber, size);
    const rows = await this.rowsWithFile(
      and(
        this.visible(actor),
        term
          ? or(
              containsInsensitive(quickMessages.shortcode, term),
              containsInsensitive(quickMessages.message, term),
            )
          : undefined,
      ),
      { limit, offset },
    );
    const { items, hasMore } = splitPage(rows, size);
    return {
      records: items.map((r) => presentQuickMessage(r.q, r.fileName, this.files.signer)),
      hasMore,
    };
  }

  async get(actor: Actor, id: number): Promise<QuickMessageDTO> {
    return this.present(await this.findVisible(actor, id));
  }

  async create(actor: Actor, input: QuickMessageInput): Promise<QuickMessageDTO> {
    const global = input.global || input.geral;
    if (global) authorize(policy.canShare(actor));
    const [row] = await this.db
      .insert(quickMessages)
      .values({
        companyId: actor.companyId,
        userId: actor.id,
        shortcode: input.shortcode,
        message: input.message,
        global,
        messageType: messageTypeOf(false, input.message),
      })
      .returning()
      .catch(rethrowDuplicateShortcode);
    return this.present(row!);
  }

  async update(actor: Actor, id: number, input: QuickMessageInput): Promise<QuickMessageDTO> {
    const before = await this.findVisible(actor, id);
    authorize(policy.canManage(actor, before));
    const global = input.global || input.geral;
    if (global !== before.global) authorize(policy.canShare(actor));
    const [row] = await this.db
      .update(quickMessages)
      .set({
        shortcode: input.shortcode,
        message: input.message,
        global,
        messageType: messageTypeOf(before.fileId !== null, input.message),
      })
      .where(eq(quickMessages.id, id))
      .returning()
      .catch(rethrowDuplicateShortcode);
    return this.present(row!);
  }

  async delete(actor: Actor, id: number): Promise<void> {
    const before = await this.findVisible(actor, id);
    authorize(policy.canManage(actor, before));
    await this.db.delete(quickMessages).where(eq(quickMessages.id, id));
    await this.files.release(actor.companyId, before.fileId);
  }

  async attachFile(actor: Actor, id: number, file: IncomingFile): Promise<QuickMessageDTO> {
    const before = await this.findVisible(actor, id);
    authorize(policy.canManage(actor, before));
    const saved = await this.files.save(actor.companyId, file, actor.id);
    const [row] = await this.db
      .update(quickMessages)
      .set({ fileId: saved.id, messageType: messageTypeOf(true, before.message) })
      .where(eq(quickMessages.id, id))
      .returning();
    await this.files.release(actor.companyId, before.fileId);
    return this.present(row!);
  }

  async removeFile(actor: Actor, id: number): Promise<QuickMessageDTO> {
    const before = await this.findVisible(actor, id);
    authorize(policy.canManage(actor, before));
    const [row] = await this.db
      .update(quickMessages)
      .set({ fileId: null, messageType: messageTypeOf(false, before.message) })
      .where(eq(quickMessages.id, id))
      .returning();
    await this.files.release(actor.companyId, before.fileId);
    return this.present(row!);
  }

  /** Another user's private message is "not found", like another company's. */
  private async findVisible(actor: Actor, id: number): Promise<QuickMessageRow> {
    const [row] = await this.db
      .select()
      .from(quickMessages)
      .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, actor.companyId)));
    if (!row || !policy.canRead(actor, row)) throw new AppError("ERR_NO_QUICK_MESSAGE_FOUND");
    return row;
  }

  private rowsWithFile(where: ReturnType<typeof and>, paging?: { limit: number; offset: number }) {
    const query = this.db
      .select({ q: quickMessages, fileName: files.name })
      .from(quickMessages)
      .leftJoin(files, eq(files.id, quickMessages.fileId))
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .$dynamic();
    return paging ? query.limit(paging.limit).offset(paging.offset) : query;
  }

  private async present(row: QuickMessageRow): Promise<QuickMessageDTO> {
    const file = row.fileId ? await this.files.findById(row.fileId) : undefined;
    return presentQuickMessage(row, file?.name ?? null, this.files.signer);
  }
}

function rethrowDuplicateShortcode(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw new AppError("ERR_DUPLICATED_SHORTCODE", undefined, { shortcode: "Duplicated" });
  }
  throw err;
}
