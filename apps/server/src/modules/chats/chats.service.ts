import { and, desc, eq, inArray, ne, notInArray, sql } from "drizzle-orm";
import {
  PAGE_SIZE,
  type ChatDTO,
  type ChatMessageDTO,
  type ChatRef,
  type chatCreateSchema,
  type chatUpdateSchema,
} from "@atrium/shared";
import type { z } from "zod";
import type { Db, DbOrTx } from "../../db/client.js";
import { chatMessages, chats, chatUsers, users } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import { containsInsensitive, page, splitPage } from "../../lib/sql.js";
import type { Publisher } from "../../realtime/publish.js";
import type { Actor } from "../auth/actor.js";
import { authorize } from "../users/users.policy.js";
import { chatsPolicy } from "./chats.policy.js";
import { presentChat, presentChatMessage, presentChats } from "./chats.presenter.js";

type ChatRow = typeof chats.$inferSelect;
type CreateInput = z.output<typeof chatCreateSchema>;
type UpdateInput = z.output<typeof chatUpdateSchema>;

/**
 * Internal team chat. Every read goes through the actor's company and membership: a chat the
 * actor is not a member of does not exist for them (ERR_NO_CHAT_FOUND).
 */
export class ChatsService {
  constructor(
    private readonly db: Db,
    private readonly publisher: Publisher,
  ) {}

  /** The actor's chats, most recently active first, optionally searched by title. */
  async list(actor: Actor, q: { searchParam: string; pageNumber: number }) {
    const size = PAGE_SIZE.chats;
    const { limit, offset } = page(q.pageNumber, size);
    const rows = await this.db
      .select({ chat: chats })
      .from(chatUsers)
      .innerJoin(chats, eq(chats.id, chatUsers.chatId))
      .where(
        and(
          eq(chatUsers.userId, actor.id),
          eq(chats.companyId, actor.companyId),
          q.searchParam ? containsInsensitive(chats.title, q.searchParam) : undefined,
        ),
      )
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(limit)
      .offset(offset);
    const { items, hasMore } = splitPage(
      rows.map((r) => r.chat),
      size,
    );
    return { records: await presentChats(this.db, items), hasMore };
  }

  async get(actor: Actor, ref: ChatRef): Promise<ChatDTO> {
    return presentChat(this.db, await this.memberChat(actor, ref));
  }

  async create(actor: Actor, input: CreateInput): Promise<ChatDTO> {
    authorize(chatsPolicy.canCreate(actor));
    const companyId = actor.companyId;
    const memberIds = await this.companyMembers(companyId, input.users, [actor.id]);
    const row = await this.db.transaction(async (tx) => {
      const [chat] = await tx
        .insert(chats)
        .values({ companyId, title: input.title, ownerId: actor.id })
        .returning();
      await tx
        .insert(chatUsers)
        .values(memberIds.map((userId) => ({ chatId: chat!.id, userId, companyId })));
      return chat!;
    });
    const dto = await presentChat(this.db, row);
    this.publisher.chatChanged(companyId, dto, null);
    return dto;
  }

  /** Owner only. `users` replaces the member list; the owner always stays a member. */
  async update(actor: Actor, ref: ChatRef, input: UpdateInput): Promise<ChatDTO> {
    const chat = await this.memberChat(actor, ref);
    authorize(chatsPolicy.canManage(actor, chat));
    const keep = [chat.ownerId ?? actor.id];
    const after = input.users
      ? await this.companyMembers(chat.companyId, input.users, keep)
      : undefined;
    const { row, before } = await this.db.transaction(async (tx) => {
      const before = await this.memberIds(tx, chat.id);
      const [updated] =
        input.title !== undefined
          ? await tx
              .update(chats)
              .set({ title: input.title })
              .where(eq(chats.id, chat.id))
              .returning()
          : [chat];
      if (after) {
        await tx
          .delete(chatUsers)
          .where(and(eq(chatUsers.chatId, chat.id), notInArray(chatUsers.userId, after)));
        await tx
          .insert(chatUsers)
          .values(after.map((userId) => ({ chatId: chat.id, userId, companyId: chat.companyId })))
          .onConflictDoNothing();
      }
      return { row: updated!, before };
    });
    const dto = await presentChat(this.db, row);
    this.publisher.chatChanged(chat.companyId, dto, before);
    return dto;
  }

  /** Owner only; the messages go with the chat. */
  async delete(actor: Actor, ref: ChatRef): Promise<void> {
    const chat = await this.memberChat(actor, ref);
    authorize(chatsPolicy.canManage(actor, chat));
    const members = await this.memberIds(this.db, chat.id);
    await this.db.delete(chats).where(eq(chats.id, chat.id));
    this.publisher.chatDeleted(chat.companyId, chat.id, members);
  }

  /** The actor opened the chat: their unread count goes back to zero. */
  async markRead(actor: Actor, ref: ChatRef): Promise<ChatDTO> {
    const chat = await this.memberChat(actor, ref);
    const reset = await this.db
      .update(chatUsers)
      .set({ unreads: 0 })
      .where(
        and(
          eq(chatUsers.chatId, chat.id),
          eq(chatUsers.userId, actor.id),
          sql`${chatUsers.unreads} > 0`,
        ),
      )
      .returning({ userId: chatUsers.userId });
    const dto = await presentChat(this.db, chat);
    if (reset.length) this.publisher.chatRead(chat.companyId, dto);
    return dto;
  }

  /** A page of messages: page 1 is the newest, each page oldest first. */
  async messages(actor: Actor, ref: ChatRef, pageNumber: number) {
    const chat = await this.memberChat(actor, ref);
    const size = PAGE_SIZE.chatMessages;
    const { limit, offset } = page(pageNumber, size);
    const rows = await this.db
      .select({ message: chatMessages, sender: { id: users.id, name: users.name } })
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .where(and(eq(chatMessages.chatId, chat.id), eq(chatMessages.companyId, chat.companyId)))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit)
      .offset(offset);
    const { items, hasMore } = splitPage(rows, size);
    return {
      records: items
        .reverse()
        .map((r) => presentChatMessage(r.message, r.sender?.id ? r.sender : null)),
      hasMore,
    };
  }

  /** Stores a message, counts it unread for every other member and moves the chat up. */
  async sendMessage(actor: Actor, ref: ChatRef, text: string): Promise<ChatMessageDTO> {
    const chat = await this.memberChat(actor, ref);
    const { message, updated } = await this.db.transaction(async (tx) => {
      const [message] = await tx
        .insert(chatMessages)
        .values({ companyId: chat.companyId, chatId: chat.id, senderId: actor.id, message: text })
        .returning();
      const [updated] = await tx
        .update(chats)
        .set({ lastMessage: text, updatedAt: message!.createdAt })
        .where(eq(chats.id, chat.id))
        .returning();
      await tx
        .update(chatUsers)
        .set({ unreads: sql`${chatUsers.unreads} + 1` })
        .where(and(eq(chatUsers.chatId, chat.id), ne(chatUsers.userId, actor.id)));
      return { message: message!, updated: updated! };
    });
    const dto = presentChatMessage(message, { id: actor.id, name: actor.name });
    this.publisher.chatMessageCreated(chat.companyId, await presentChat(this.db, updated), dto);
    return dto;
  }

  /**
   * A chat of the actor's company that the actor belongs to. Unknown, another company's, or
   * not a member: ERR_NO_CHAT_FOUND, so a chat's existence does not leak.
   */
  private async memberChat(actor: Actor, ref: ChatRef): Promise<ChatRow> {
    const [row] = await this.db
      .select({ chat: chats, memberId: chatUsers.userId })
      .from(chats)
      .leftJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, actor.id)))
      .where(
        and(
          eq(chats.companyId, actor.companyId),
          "id" in ref ? eq(chats.id, ref.id) : eq(chats.uuid, ref.uuid),
        ),
      );
    if (!row || !chatsPolicy.canView(actor, row.chat, row.memberId !== null)) {
      throw new AppError("ERR_NO_CHAT_FOUND");
    }
    return row.chat;
  }

  private async memberIds(db: DbOrTx, chatId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: chatUsers.userId })
      .from(chatUsers)
      .where(eq(chatUsers.chatId, chatId));
    return rows.map((r) => r.userId);
  }

  /**
   * The member ids of a chat: the picked users, each of whom must be a user of the company,
   * plus `always` (the owner).
   */
  private async companyMembers(
    companyId: number,
    picked: { id: number }[],
    always: number[],
  ): Promise<number[]> {
    const ids = [...new Set(picked.map((u) => u.id))].filter((id) => !always.includes(id));
    if (ids.length) {
      const found = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
      if (found.length !== ids.length) {
        throw new AppError("ERR_NO_USER_FOUND", undefined, { users: "Unknown user" });
      }
    }
    return [...always, ...ids];
  }
}
