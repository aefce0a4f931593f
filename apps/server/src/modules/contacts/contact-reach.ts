import { reaches } from "@atrium/shared";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { messages, tickets } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";

interface ReachConnection {
  id: number;
  channelType: string;
}
interface ReachContact {
  id: number;
  number: string;
  channelType: string | null;
  isGroup: boolean;
  visitorConnectionId: number | null;
}

/**
 * Refuses (ERR_CONTACT_UNREACHABLE) a conversation an agent starts or a message an agent sends
 * where nothing would arrive — the rule the web applies too (`reaches`, packages/shared) — with
 * one more way for a web chat: a contact who has written through it.
 * Checked where the agent's action is accepted, before anything is stored or queued.
 */
export async function assertReachable(
  db: DbOrTx,
  connection: ReachConnection,
  contact: ReachContact,
): Promise<void> {
  if (reaches(connection, contact)) return;
  if (connection.channelType === "WEB_CHAT") {
    const [wrote] = await db
      .select({ id: messages.id })
      .from(tickets)
      .innerJoin(messages, and(eq(messages.ticketId, tickets.id), eq(messages.fromMe, false)))
      .where(and(eq(tickets.contactId, contact.id), eq(tickets.connectionId, connection.id)))
      .limit(1);
    if (wrote) return;
  }
  throw new AppError("ERR_CONTACT_UNREACHABLE");
}
