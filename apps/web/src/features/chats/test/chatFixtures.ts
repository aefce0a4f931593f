import type { ChatDTO, ChatMessageDTO } from "@atrium/shared";

let nextId = 500;

/** A chat as GET /chats answers it; `members` are [userId, name, unreads]. */
export function makeChat(
  overrides: Partial<ChatDTO> = {},
  members: [number, string, number][] = [
    [1, "Admin", 0],
    [7, "Ana", 0],
  ],
): ChatDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    title: `Chat ${id}`,
    ownerId: 1,
    lastMessage: "",
    updatedAt: "2026-03-04T10:00:00.000Z",
    users: members.map(([userId, name, unreads]) => ({
      userId,
      unreads,
      user: { id: userId, name },
    })),
    ...overrides,
  };
}

export function makeChatMessage(overrides: Partial<ChatMessageDTO> = {}): ChatMessageDTO {
  const id = overrides.id ?? nextId++;
  const senderId = overrides.senderId ?? 1;
  return {
    id,
    chatId: 1,
    message: `Mensagem ${id}`,
    senderId,
    sender: { id: senderId, name: senderId === 1 ? "Admin" : "Ana" },
    createdAt: "2026-03-04T10:00:00.000Z",
    ...overrides,
  };
}

/** A GET /chats or GET /chats/:id/messages page. */
export const page = <T>(records: T[], hasMore = false) => ({ records, hasMore });
