import { asc, eq, inArray } from "drizzle-orm";
import type { ChatDTO, ChatMessageDTO } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { chatUsers, users, type chatMessages, type chats } from "../../db/schema/index.js";

type ChatRow = typeof chats.$inferSelect;
type ChatMessageRow = typeof chatMessages.$inferSelect;

/** Chats as JSON with every member's unread count and name, in the order of `rows`. */
export async function presentChats(db: DbOrTx, rows: ChatRow[]): Promise<ChatDTO[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({
      chatId: chatUsers.chatId,
      userId: chatUsers.userId,
      unreads: chatUsers.unreads,
      name: users.name,
    })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(
      inArray(
        chatUsers.chatId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((chat) => ({
    id: chat.id,
    uuid: chat.uuid,
    title: chat.title,
    ownerId: chat.ownerId,
    lastMessage: chat.lastMessage,
    updatedAt: chat.updatedAt.toISOString(),
    users: members
      .filter((m) => m.chatId === chat.id)
      .map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
  }));
}

export async function presentChat(db: DbOrTx, row: ChatRow): Promise<ChatDTO> {
  const [dto] = await presentChats(db, [row]);
  return dto!;
}

export function presentChatMessage(
  row: ChatMessageRow,
  sender: { id: number; name: string } | null,
): ChatMessageDTO {
  return {
    id: row.id,
    chatId: row.chatId,
    message: row.message,
    senderId: row.senderId,
    sender,
    createdAt: row.createdAt.toISOString(),
  };
}
