import { and, eq, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client.js";
import { connections, contacts, queues, tickets, ticketTracking } from "../../db/schema/index.js";
import type { Jobs } from "../../jobs/jobs.js";
import type { Logger } from "../../lib/logger.js";
import type { Publisher } from "../../realtime/publish.js";
import type { TicketRow } from "../channel.js";
import type { Outbound } from "../outbound.js";
import { renderTemplate } from "../templates.js";
import {
  closeTicketByBot,
  currentTracking,
  sendConnectionText,
  settingValue,
} from "./lifecycle.js";
import { parseChoice, RATING_CHOICES, ratingPrompt } from "./menus.js";

export const RATING_EXPIRE_JOB = "bot.rating-expire";
/** How long a rating request waits for the contact before the ticket closes without one. */
export const RATING_TIMEOUT_MS = 30 * 60_000;

interface ExpireJob {
  ticketId: number;
  trackingId: number;
  /** ISO time of the request: a withdrawn and repeated request gets its own job. */
  requestedAt: string;
}

/**
 * Satisfaction rating (setting userRating = enabled). Resolving a ticket "with message" does not
 * close it at once: the ticket stays open with its agent, the current ticket_tracking cycle gets
 * ratingRequestedAt and the contact is asked to answer 1, 2 or 3.
 * - 1/2/3 → rating and ratingAt stored, the cycle finishes (finishedAt = when the agent resolved),
 *   the ticket closes and the completion message is sent.
 * - anything else → the request is withdrawn; the conversation goes on with the agent, who sees
 *   the message and may resolve again (asking again).
 * - no answer within RATING_TIMEOUT_MS → a durable job closes the ticket without a rating (with
 *   the completion message); a later message starts a new conversation.
 */
export class RatingFlow {
  constructor(
    private readonly db: Db,
    private readonly outbound: Outbound,
    private readonly publisher: Publisher,
    private readonly jobs: Jobs,
    private readonly logger: Logger,
  ) {}

  async init(): Promise<void> {
    await this.jobs.register<ExpireJob>(RATING_EXPIRE_JOB, (data) => this.expire(data));
  }

  /** Whether resolving this ticket asks for a rating first (called inside the resolve). */
  async wanted(tx: DbOrTx, ticket: TicketRow): Promise<boolean> {
    if (ticket.isGroup) return false;
    if ((await settingValue(tx, ticket.companyId, "userRating")) !== "enabled") return false;
    // Resolving again while the contact has not answered closes for good.
    const current = await currentTracking(tx, ticket.id);
    return !current?.ratingRequestedAt;
  }

  /** Sends the rating question and schedules its expiry; after the resolve has committed. */
  async ask(ticket: TicketRow): Promise<void> {
    const tracking = await currentTracking(this.db, ticket.id);
    if (!tracking?.ratingRequestedAt) return;
    const [row] = await this.db
      .select({ ratingMessage: connections.ratingMessage, contact: contacts })
      .from(connections)
      .innerJoin(contacts, eq(contacts.id, ticket.contactId))
      .where(eq(connections.id, ticket.connectionId));
    if (!row) return;
    let text = row.ratingMessage;
    if (!text.trim() && ticket.queueId) {
      const [queue] = await this.db
        .select({ ratingMessage: queues.ratingMessage })
        .from(queues)
        .where(eq(queues.id, ticket.queueId));
      text = queue?.ratingMessage ?? "";
    }
    const header = renderTemplate(text, { contact: row.contact, protocol: ticket.protocol });
    await this.outbound.queue(ticket, { body: ratingPrompt(header) });
    await this.jobs.send<ExpireJob>(
      RATING_EXPIRE_JOB,
      {
        ticketId: ticket.id,
        trackingId: tracking.id,
        requestedAt: tracking.ratingRequestedAt.toISOString(),
      },
      { startAfter: new Date(tracking.ratingRequestedAt.getTime() + RATING_TIMEOUT_MS) },
    );
  }

  /** A contact message on an open ticket: their rating, if one was asked. True when handled. */
  async answer(ticket: TicketRow, body: string): Promise<boolean> {
    const tracking = await currentTracking(this.db, ticket.id);
    if (!tracking?.ratingRequestedAt || tracking.rating !== null) return false;
    const choice = parseChoice(body);
    const rating = RATING_CHOICES.find((c) => c.option === choice)?.option;
    if (!rating) {
      await this.db
        .update(ticketTracking)
        .set({ ratingRequestedAt: null, finishedById: null })
        .where(and(eq(ticketTracking.id, tracking.id), isNull(ticketTracking.finishedAt)));
      return true;
    }
    const closed = await closeTicketByBot(this.db, this.publisher, ticket, "open", () => ({
      rating,
      ratingAt: new Date(),
      finishedAt: tracking.ratingRequestedAt,
    }));
    if (closed) await sendConnectionText(this.db, this.outbound, closed, "complationMessage");
    return true;
  }

  /** The job: the contact never answered; close without a rating if still waiting. */
  async expire({ ticketId, trackingId, requestedAt: asked }: ExpireJob): Promise<void> {
    const tracking = await currentTracking(this.db, ticketId);
    const requestedAt = tracking?.ratingRequestedAt;
    if (tracking?.id !== trackingId || requestedAt?.toISOString() !== asked) return;
    const [ticket] = await this.db.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!ticket) return;
    const closed = await closeTicketByBot(this.db, this.publisher, ticket, "open", () => ({
      finishedAt: requestedAt,
    }));
    if (closed) {
      this.logger.debug({ ticketId }, "rating request expired");
      await sendConnectionText(this.db, this.outbound, closed, "complationMessage");
    }
  }
}
