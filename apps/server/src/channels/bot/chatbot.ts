import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  companies,
  connectionQueues,
  connections,
  files,
  queueOptions,
  queues,
  tickets,
} from "../../db/schema/index.js";
import { mediaTypeOf } from "@atrium/shared";
import { presentTicket } from "../../modules/tickets/tickets.presenter.js";
import type { Publisher } from "../../realtime/publish.js";
import type { ContactRow, TicketRow } from "../channel.js";
import type { InboundResult } from "../inbound.js";
import type { OutgoingMessage, Outbound } from "../outbound.js";
import { isOutOfHours, renderTemplate } from "../templates.js";
import { closeTicketByBot, sendConnectionText, settingValue } from "./lifecycle.js";
import { BACK_KEY, mediaTypeOfFileType, menuLines, parseChoice, withMenu } from "./menus.js";
import type { RatingFlow } from "./rating.js";

type QueueRow = typeof queues.$inferSelect;
type OptionRow = typeof queueOptions.$inferSelect;

const same = (
  column: typeof tickets.queueId | typeof tickets.queueOptionId,
  value: number | null,
) => (value === null ? isNull(column) : eq(column, value));

/** What one bot step needs to know about the conversation. */
interface Conversation {
  ticket: TicketRow;
  contact: ContactRow;
  connection: typeof connections.$inferSelect;
  company: typeof companies.$inferSelect;
  /** The connection's queues in menu order. */
  queues: QueueRow[];
  /** The ticket's queue. */
  queue?: QueueRow;
  scheduleType: string;
}

/**
 * The chatbot, the same for every channel: it runs after the inbound pipeline stored a contact's
 * message (serialised per contact), never for groups nor for our own messages.
 *
 * - New conversation: out-of-hours notice (scheduleType company/queue) and stop; otherwise the
 *   greeting, followed by the queue menu (several queues, chatbot on) or by the queue's root
 *   options (one queue with an options tree, chatbot on).
 * - While chatbot is on (ticket pending, nobody attending): the answer picks a queue, then walks
 *   the options tree (position kept in tickets.queueOptionId); '#' goes back to the start; an
 *   invalid answer repeats the current menu. 'Falar com Atendente' hands over to the queue's
 *   agents; 'Finalizar Atendimento' closes the ticket with the completion message.
 * - Ticket open with a rating request pending: the answer goes to the RatingFlow.
 *
 * Every state change is a compare-and-set on the ticket (still pending, nobody attending, same
 * position), so an agent accepting meanwhile, or a second node, wins cleanly and the bot stops.
 */
export class Chatbot {
  constructor(
    private readonly db: Db,
    private readonly outbound: Outbound,
    private readonly publisher: Publisher,
    readonly rating: RatingFlow,
  ) {}

  onMessage = async (result: InboundResult): Promise<void> => {
    const { ticket, contact, message } = result;
    if (message.fromMe || ticket.isGroup || contact.isGroup) return;
    if (result.ticketCreated) return this.startConversation(await this.load(ticket, contact));
    if (ticket.status === "open") {
      await this.rating.answer(ticket, message.body);
      return;
    }
    if (ticket.status === "pending" && ticket.chatbot && !ticket.userId) {
      await this.reply(await this.load(ticket, contact), message.body);
    }
  };

  // ------------------------------------------------------------------ steps

  private async startConversation(c: Conversation | undefined): Promise<void> {
    if (!c) return;
    const { ticket, connection, company, scheduleType } = c;
    if (scheduleType === "company" && isOutOfHours(company.schedules)) {
      if (ticket.chatbot) await this.move(c, { chatbot: false });
      return this.say(c, connection.outOfHoursMessage);
    }
    const queue = c.queue;
    if (queue) {
      if (this.queueClosed(c, queue)) return this.say(c, this.outOfHoursText(c, queue));
      const roots = await this.options(queue.id, null);
      if (roots.length && !(await this.move(c, { chatbot: true, queueOptionId: null }))) return;
      return this.sendGreeting(c, queue, roots.length ? menuLines(roots, true) : "");
    }
    if (c.queues.length > 1 && ticket.chatbot) {
      return this.sendGreeting(c, undefined, menuLines(this.queueMenu(c)));
    }
    return this.sendGreeting(c, undefined, "");
  }

  private async reply(c: Conversation | undefined, body: string): Promise<void> {
    if (!c) return;
    const choice = parseChoice(body);
    const queue = c.queue;
    if (!queue) {
      // The connection lost its queues meanwhile: nothing to offer, agents take it from here.
      if (!c.queues.length) return void (await this.move(c, { chatbot: false }));
      const chosen = typeof choice === "number" ? c.queues[choice - 1] : undefined;
      if (chosen) return this.chooseQueue(c, chosen);
      return this.sendGreeting(c, undefined, menuLines(this.queueMenu(c)));
    }
    if (choice === BACK_KEY) return this.backToStart(c, queue);
    const current = c.ticket.queueOptionId
      ? await this.option(queue.id, c.ticket.queueOptionId)
      : undefined;
    const level = await this.options(queue.id, current?.id ?? null);
    const picked = level.find((o) => o.option === choice);
    if (picked) return this.walkInto(c, queue, picked);
    // Invalid answer: the current level again.
    if (current) return this.say(c, withMenu(current.message, menuLines(level, true)));
    return this.sendGreeting(c, queue, menuLines(level, true));
  }

  private async chooseQueue(c: Conversation, queue: QueueRow): Promise<void> {
    if (this.queueClosed(c, queue)) {
      if (await this.move(c, { queueId: queue.id, chatbot: false, queueOptionId: null }))
        await this.say(c, this.outOfHoursText(c, queue));
      return;
    }
    const roots = await this.options(queue.id, null);
    const moved = await this.move(c, {
      queueId: queue.id,
      chatbot: roots.length > 0,
      queueOptionId: null,
    });
    if (!moved) return;
    if (roots.length) return this.sendGreeting(c, queue, menuLines(roots, true), true);
    if (queue.greetingMessage.trim() || queue.fileId) await this.sendGreeting(c, queue, "", true);
  }

  private async backToStart(c: Conversation, queue: QueueRow): Promise<void> {
    if (c.queues.length > 1) {
      if (await this.move(c, { queueId: null, queueOptionId: null }))
        await this.sendGreeting(c, undefined, menuLines(this.queueMenu(c)));
      return;
    }
    if (await this.move(c, { queueOptionId: null }))
      await this.sendGreeting(c, queue, menuLines(await this.options(queue.id, null), true));
  }

  private async walkInto(c: Conversation, queue: QueueRow, option: OptionRow): Promise<void> {
    const children = await this.options(queue.id, option.id);
    if (children.length) {
      if (!(await this.move(c, { queueOptionId: option.id }))) return;
      const menu = menuLines(children, true);
      if (option.fileId) {
        await this.sendOption(c, option);
        return this.say(c, menu);
      }
      return this.say(c, withMenu(option.message, menu));
    }
    if (option.waitTreatment) {
      // 'Falar com Atendente': the ticket waits in the queue for its agents.
      if (await this.move(c, { chatbot: false, queueOptionId: option.id }))
        await this.sendOption(c, option);
      return;
    }
    if (option.finalize) {
      // 'Finalizar Atendimento': the option's text, then closed with the completion message.
      await this.sendOption(c, option);
      const closed = await closeTicketByBot(
        this.db,
        this.publisher,
        c.ticket,
        "pending",
        () => ({}),
        { queueOptionId: option.id },
      );
      if (closed) await sendConnectionText(this.db, this.outbound, closed, "complationMessage");
      return;
    }
    // An information leaf: its text; the contact stays on this level.
    await this.sendOption(c, option);
  }

  // ------------------------------------------------------------------ messages

  /**
   * The greeting (the queue's own, else the connection's, with the file of whichever spoke)
   * followed by a menu. `queueOnly` uses only the queue's greeting (after choosing a queue:
   * the connection already greeted).
   */
  private async sendGreeting(
    c: Conversation,
    queue: QueueRow | undefined,
    menu: string,
    queueOnly = false,
  ): Promise<void> {
    const fromQueue = queueOnly || !!queue?.greetingMessage.trim();
    const text = fromQueue ? (queue?.greetingMessage ?? "") : c.connection.greetingMessage;
    const fileId = fromQueue ? queue?.fileId : c.connection.fileId;
    const greeting = this.render(c, text);
    const [file] = fileId
      ? await this.db.select({ mimeType: files.mimeType }).from(files).where(eq(files.id, fileId))
      : [];
    if (!file) {
      const body = withMenu(greeting, menu);
      if (body) await this.send(c, { body });
      return;
    }
    // The file carries the greeting as its caption; the menu follows as its own text (captions
    // do not show with every media type on every channel).
    await this.send(c, { body: greeting, fileId: fileId!, mediaType: mediaTypeOf(file.mimeType) });
    if (menu) await this.send(c, { body: menu });
  }

  private async sendOption(c: Conversation, option: OptionRow): Promise<void> {
    const body = this.render(c, option.message);
    if (!body.trim() && !option.fileId) return;
    await this.send(c, {
      body,
      ...(option.fileId && {
        fileId: option.fileId,
        mediaType: mediaTypeOfFileType(option.fileType),
      }),
    });
  }

  private async say(c: Conversation, text: string): Promise<void> {
    const body = this.render(c, text);
    if (body.trim()) await this.send(c, { body });
  }

  private async send(c: Conversation, message: OutgoingMessage): Promise<void> {
    await this.outbound.queue(c.ticket, message);
  }

  private render(c: Conversation, text: string): string {
    return renderTemplate(text, { contact: c.contact, protocol: c.ticket.protocol });
  }

  // ------------------------------------------------------------------ state

  /**
   * Compare-and-set of the bot's position: applies `changes` only while the ticket is still
   * pending, unattended and where this step saw it. Publishes the ticket when its queue or bot
   * flag changed (agents of the chosen queue see it appear). False when someone else moved first.
   */
  private async move(
    c: Conversation,
    changes: Partial<Pick<TicketRow, "queueId" | "queueOptionId" | "chatbot">>,
  ): Promise<boolean> {
    const t = c.ticket;
    const [row] = await this.db
      .update(tickets)
      .set({ ...changes, updatedAt: new Date() })
      .where(
        and(
          eq(tickets.id, t.id),
          eq(tickets.status, "pending"),
          isNull(tickets.userId),
          same(tickets.queueId, t.queueId),
          same(tickets.queueOptionId, t.queueOptionId),
        ),
      )
      .returning();
    if (!row) return false;
    c.ticket = row;
    if (row.queueId !== t.queueId || row.chatbot !== t.chatbot) {
      this.publisher.ticketChanged(t, await presentTicket(this.db, row.id));
    }
    return true;
  }

  // ------------------------------------------------------------------ reads

  private async load(ticket: TicketRow, contact: ContactRow): Promise<Conversation | undefined> {
    const [row] = await this.db
      .select({ connection: connections, company: companies })
      .from(connections)
      .innerJoin(companies, eq(companies.id, connections.companyId))
      .where(eq(connections.id, ticket.connectionId));
    if (!row) return undefined;
    const list = await this.db
      .select({ queue: queues })
      .from(connectionQueues)
      .innerJoin(queues, eq(queues.id, connectionQueues.queueId))
      .where(eq(connectionQueues.connectionId, ticket.connectionId))
      .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.id));
    const [queue] = ticket.queueId
      ? await this.db.select().from(queues).where(eq(queues.id, ticket.queueId))
      : [];
    return {
      ticket,
      contact,
      ...row,
      queues: list.map((r) => r.queue),
      queue,
      scheduleType: (await settingValue(this.db, ticket.companyId, "scheduleType")) ?? "disabled",
    };
  }

  private queueMenu(c: Conversation) {
    return c.queues.map((q, i) => ({ option: i + 1, title: q.name }));
  }

  private queueClosed(c: Conversation, queue: QueueRow): boolean {
    return c.scheduleType === "queue" && isOutOfHours(queue.schedules);
  }

  private outOfHoursText(c: Conversation, queue: QueueRow): string {
    return queue.outOfHoursMessage.trim()
      ? queue.outOfHoursMessage
      : c.connection.outOfHoursMessage;
  }

  private options(queueId: number, parentId: number | null): Promise<OptionRow[]> {
    return this.db
      .select()
      .from(queueOptions)
      .where(
        and(
          eq(queueOptions.queueId, queueId),
          parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
        ),
      )
      .orderBy(asc(queueOptions.option), asc(queueOptions.id));
  }

  private async option(queueId: number, id: number): Promise<OptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(queueOptions)
      .where(and(eq(queueOptions.id, id), eq(queueOptions.queueId, queueId)));
    return row;
  }
}
