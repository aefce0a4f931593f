import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { outboundSends } from "../db/schema/index.js";
import type { Logger } from "../lib/logger.js";
import { PermanentSendError, SendUncertainError, type ChannelRegistry } from "./channel.js";
import type { Attempt } from "./lanes.js";
import type { Outbound } from "./outbound.js";
import type { SendHealth } from "./send-health.js";

/**
 * One attempt at delivering a stored message (the lanes' handler). A sent-marker
 * (`outbound_sends`, one row per message) is written before the provider call and completed
 * after, so a message is never sent twice, even across nodes: a marker left pending means the
 * node died mid-send; the provider may or may not have the message, so the message is marked
 * ERR_SEND_INTERRUPTED for a person to check and retry — unless the channel dedupes sends
 * itself (web chat), which is simply sent again.
 */
export class Delivery {
  constructor(
    private readonly db: Db,
    private readonly registry: ChannelRegistry,
    private readonly outbound: Outbound,
    private readonly health: SendHealth,
    private readonly nodeId: string,
    private readonly logger: Logger,
  ) {}

  readonly attempt = async (messageId: number, opts: { bulk: boolean }): Promise<Attempt> => {
    const row = await this.outbound.loadForSend(messageId);
    if (!row) return "skipped";
    const { message, connection } = row;
    // Sent, deleted, or failed (waiting for a person's retry): nothing to do.
    if (message.isDeleted || message.providerMessageId || message.error) return "skipped";

    const claimed = await this.db
      .insert(outboundSends)
      .values({
        messageId,
        companyId: message.companyId,
        connectionId: connection.id,
        nodeId: this.nodeId,
      })
      .onConflictDoNothing()
      .returning();
    if (!claimed.length) {
      const [marker] = await this.db
        .select()
        .from(outboundSends)
        .where(eq(outboundSends.messageId, messageId));
      if (marker?.completedAt) return "skipped";
      if (!this.registry.get(connection.channelType)?.idempotentSends) {
        this.logger.warn({ messageId, node: marker?.nodeId }, "send interrupted by a lost node");
        await this.complete(messageId);
        await this.outbound.markFailed(messageId, "ERR_SEND_INTERRUPTED");
        return "failed";
      }
      await this.db
        .update(outboundSends)
        .set({ nodeId: this.nodeId, startedAt: new Date() })
        .where(eq(outboundSends.messageId, messageId));
    }

    try {
      await this.outbound.sendLoaded(row, opts);
    } catch (err) {
      if (err instanceof PermanentSendError) {
        await this.complete(messageId);
        await this.outbound.markFailed(messageId, err.message || "ERR_SENDING_WAPP_MSG");
        return "failed";
      }
      if (err instanceof SendUncertainError) {
        // The provider may have it: a person checks and retries; the connection backs off.
        await this.complete(messageId);
        await this.outbound.markFailed(messageId, "ERR_SEND_INTERRUPTED");
        const pause = await this.health.failed(connection, err);
        this.logger.warn({ err, messageId, pauseMs: pause }, "send unconfirmed; not sent again");
        return "held";
      }
      // The call failed: nothing went out, the next attempt may send.
      await this.db.delete(outboundSends).where(eq(outboundSends.messageId, messageId));
      const pause = await this.health.failed(connection, err);
      this.logger.warn({ err, messageId, pauseMs: pause }, "send failed; connection paused");
      return "retry";
    }
    await this.complete(messageId);
    await this.health.succeeded(connection);
    return "sent";
  };

  private async complete(messageId: number): Promise<void> {
    await this.db
      .update(outboundSends)
      .set({ completedAt: new Date() })
      .where(and(eq(outboundSends.messageId, messageId), isNull(outboundSends.completedAt)));
  }

  /** Forgets a message's marker so a person's retry can send it again. */
  async forget(messageId: number): Promise<void> {
    await this.db.delete(outboundSends).where(eq(outboundSends.messageId, messageId));
  }
}
