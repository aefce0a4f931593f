import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { companies, connections, queues, settings } from "../db/schema/index.js";
import type { InboundResult } from "./inbound.js";
import type { Outbound } from "./outbound.js";
import { isOutOfHours, renderTemplate } from "./templates.js";

/**
 * First bot step of a new conversation: out-of-hours notice (when the company or queue has
 * working hours and scheduleType says so), otherwise the greeting. Menus come with the
 * chatbot flows.
 */
export class GreetingStep {
  constructor(
    private readonly db: Db,
    private readonly outbound: Outbound,
  ) {}

  handle = async (result: InboundResult): Promise<void> => {
    if (!result.ticketCreated || result.message.fromMe || result.ticket.isGroup) return;
    const { ticket, contact } = result;
    const [row] = await this.db
      .select({ connection: connections, company: companies })
      .from(connections)
      .innerJoin(companies, eq(companies.id, connections.companyId))
      .where(eq(connections.id, ticket.connectionId));
    if (!row) return;
    const queue = ticket.queueId
      ? (await this.db.select().from(queues).where(eq(queues.id, ticket.queueId)))[0]
      : undefined;
    const [scheduleType] = await this.db
      .select({ value: settings.value })
      .from(settings)
      .where(and(eq(settings.companyId, ticket.companyId), eq(settings.key, "scheduleType")));

    const render = (text: string) => renderTemplate(text, { contact, protocol: ticket.protocol });
    const mode = scheduleType?.value ?? "disabled";
    const hours =
      mode === "company" ? row.company.schedules : mode === "queue" ? (queue?.schedules ?? []) : [];
    if (mode !== "disabled" && isOutOfHours(hours)) {
      const text =
        (mode === "queue" && queue?.outOfHoursMessage) || row.connection.outOfHoursMessage;
      if (text.trim()) await this.outbound.queue(ticket, { body: render(text) });
      return;
    }
    const greeting = queue?.greetingMessage.trim()
      ? queue.greetingMessage
      : row.connection.greetingMessage;
    if (greeting.trim() || row.connection.fileId) {
      await this.outbound.queue(ticket, {
        body: render(greeting),
        ...(row.connection.fileId && { fileId: row.connection.fileId, mediaType: "document" }),
      });
    }
  };
}
