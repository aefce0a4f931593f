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
  isGroup: boolean;
  visitorConnectionId: number | null;
}

/** Channels that deliver to a phone number. */
const PHONE_CHANNELS = new Set(["BAILEYS", "WHATSAPP_BUSINESS"]);

/**
 * Refuses (ERR_CONTACT_UNREACHABLE) a conversation an agent starts or a message an agent sends
 * where nothing would arrive: a web chat reaches only a visitor of that web chat (bound to it
 * when they opened the widget, or who has written through it), a phone channel needs a number.
 * Checked where the agent's action is accepted, before anything is stored or queued.
 */
export async function assertReachable(
  db: DbOrTx,
  connection: ReachConnection,
  contact: ReachContact,
): Promise<void> {
  if (connection.channelType === "WEB_CHAT") {
    if (contact.visitorConnectionId === connection.id) return;
    const [wrote] = await db
      .select({ id: messages.id })
      .from(tickets)
      .innerJoin(messages, and(eq(messages.ticketId, tickets.id), eq(messages.fromMe, false)))
      .where(and(eq(tickets.contactId, contact.id), eq(tickets.connectionId, connection.id)))
      .limit(1);
    if (wrote) return;
    throw new AppError("ERR_CONTACT_UNREACHABLE");
  }
  if (PHONE_CHANNELS.has(connection.channelType) && !contact.isGroup && !contact.number.trim()) {
    throw new AppError("ERR_CONTACT_UNREACHABLE");
  }
}
