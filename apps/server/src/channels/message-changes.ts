import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { messageEdits, messages, tickets } from "../db/schema/index.js";
import { withoutNul } from "../lib/text.js";
import type { Outbound } from "./outbound.js";

/**
 * A sender changed a message it already sent, on any channel: an edit (new text, the old one
 * kept in `message_edits`, `isEdited` set) or a delete for everyone (`isDeleted`, the web shows
 * 'Esta mensagem foi apagada'). The change is published live; a repeat changes nothing.
 */
export class MessageChanges {
  constructor(
    private readonly db: Db,
    private readonly outbound: Outbound,
  ) {}

  /** False when no stored message has this provider id (the edit came before the message). */
  async edit(connectionId: number, providerMessageId: string, newBody: string): Promise<boolean> {
    // A customer's text is never refused: PostgreSQL text cannot hold NUL, so it goes.
    const body = withoutNul(newBody);
    const changed = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.connectionId, connectionId),
            eq(messages.providerMessageId, providerMessageId),
          ),
        )
        .for("update");
      if (!current) return undefined;
      if (current.body === body || current.isDeleted) return null;
      await tx.insert(messageEdits).values({
        companyId: current.companyId,
        messageId: current.id,
        previousBody: current.body,
      });
      const [updated] = await tx
        .update(messages)
        .set({ body, isEdited: true, updatedAt: new Date() })
        .where(eq(messages.id, current.id))
        .returning();
      return updated;
    });
    if (changed) await this.publish(changed);
    return changed !== undefined;
  }

  /** False when no stored message has this provider id. */
  async revoke(connectionId: number, providerMessageId: string): Promise<boolean> {
    const [found] = await this.db
      .select({ id: messages.id, isDeleted: messages.isDeleted })
      .from(messages)
      .where(
        and(
          eq(messages.connectionId, connectionId),
          eq(messages.providerMessageId, providerMessageId),
        ),
      );
    if (!found) return false;
    if (found.isDeleted) return true;
    const [updated] = await this.db
      .update(messages)
      .set({ isDeleted: true, updatedAt: new Date() })
      .where(and(eq(messages.id, found.id), eq(messages.isDeleted, false)))
      .returning();
    if (updated) await this.publish(updated);
    return true;
  }

  private async publish(message: typeof messages.$inferSelect) {
    const [ticket] = await this.db.select().from(tickets).where(eq(tickets.id, message.ticketId));
    if (ticket) await this.outbound.publishUpdate(ticket, message);
  }
}
