import { and, desc, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { files, messages, tickets } from "../../db/schema/index.js";
import type { Publisher } from "../../realtime/publish.js";
import { lastMessageText } from "../../channels/outbound.js";
import { presentTicket } from "./tickets.presenter.js";

/**
 * After a message is deleted (or edited), the ticket row shows the latest message still there:
 * a deleted one never stays as the row's last message. Publishes the ticket when it changed.
 */
export async function refreshLastMessage(
  db: DbOrTx,
  publisher: Publisher,
  ticketId: number,
): Promise<void> {
  const [latest] = await db
    .select({ body: messages.body, mediaType: messages.mediaType, fileName: files.name })
    .from(messages)
    .leftJoin(files, eq(files.id, messages.fileId))
    .where(
      and(eq(messages.ticketId, ticketId), eq(messages.isDeleted, false), isNull(messages.queueId)),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  const text = latest ? lastMessageText(latest.body, latest.mediaType, latest.fileName) : "";
  const [changed] = await db
    .update(tickets)
    .set({ lastMessage: text })
    .where(and(eq(tickets.id, ticketId), ne(tickets.lastMessage, text)))
    .returning({ id: tickets.id });
  if (changed) publisher.ticketChanged(null, await presentTicket(db, ticketId));
}
