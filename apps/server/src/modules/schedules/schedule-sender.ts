import { and, desc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  connections,
  contacts,
  files,
  schedules,
  tickets,
  ticketTracking,
} from "../../db/schema/index.js";
import type {
  ChannelRegistry,
  ConnectionRow,
  ContactRow,
  TicketRow,
} from "../../channels/channel.js";
import type { Outbound } from "../../channels/outbound.js";
import { renderTemplate } from "../../channels/templates.js";
import type { Jobs } from "../../jobs/jobs.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { Publisher } from "../../realtime/publish.js";
import type { FilesService } from "../files/files.service.js";
import { mediaTypeOf } from "@atrium/shared";
import { presentTicket } from "../tickets/tickets.presenter.js";
import { insertTicket, lockContact, quietTicketFor } from "../tickets/bulk-ticket.js";
import { presentSchedule } from "./schedules.presenter.js";

export const SCHEDULE_JOB = "schedule.send";

type ScheduleRow = typeof schedules.$inferSelect;

/** A send is due when its time has come (a second of slack for clocks between nodes). */
const DUE_SLACK_MS = 1000;

/**
 * Sends scheduled messages through a durable pg-boss job ("schedule.send", one queued job per
 * schedule, started at sendAt). The job claims the schedule under a row lock, so a schedule is
 * sent once even with several nodes or a recovery pass racing the timer.
 *
 * Where the message goes (documented in docs/api.md):
 * - connection: the schedule's, else the one of the contact's latest ticket, else the default;
 * - openTicket: the contact's open/pending ticket on that connection is opened for the
 *   schedule's user (an open ticket already held by an agent stays with them); without one a
 *   new open ticket is created for that user;
 * - not openTicket: the message joins the contact's open/pending ticket as it is; otherwise
 *   it is recorded in the contact's latest closed ticket (or a new closed one), so nobody's
 *   list fills up — a reply from the contact opens a pending ticket as usual.
 * Failures that retrying cannot fix (no connection, connection not started, nothing to send)
 * set status ERRO with the error text at once; unexpected ones are retried, then ERRO.
 */
export class ScheduleSender {
  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly channels: ChannelRegistry,
    private readonly outbound: Outbound,
    private readonly files: FilesService,
    private readonly publisher: Publisher,
    private readonly logger: Logger,
  ) {}

  async init(): Promise<void> {
    await this.jobs.register<{ scheduleId: number }>(
      SCHEDULE_JOB,
      (data, job) => this.send(data.scheduleId, job.lastTry),
      { policy: "short", retryLimit: 3, retryDelay: 5 },
    );
  }

  /**
   * Queues the send of a pending schedule at its time. `replace` cancels the job queued for
   * an earlier time (an edit); without it an already queued job is kept (startup recovery).
   */
  async enqueue(row: ScheduleRow, opts: { replace: boolean }): Promise<void> {
    if (opts.replace && row.jobId) await this.jobs.cancel(SCHEDULE_JOB, row.jobId);
    const due = row.sendAt.getTime() <= Date.now();
    const jobId = await this.jobs.send(
      SCHEDULE_JOB,
      { scheduleId: row.id },
      { singletonKey: `schedule-${row.id}`, ...(!due && { startAfter: row.sendAt }) },
    );
    if (jobId) await this.db.update(schedules).set({ jobId }).where(eq(schedules.id, row.id));
  }

  async cancel(row: ScheduleRow): Promise<void> {
    if (row.jobId) await this.jobs.cancel(SCHEDULE_JOB, row.jobId);
  }

  /**
   * Startup recovery: pending schedules that are due (missed while the server was down) or
   * have no job get one — due ones run now. Idempotent: a schedule whose job is still queued
   * keeps it (one queued job per singleton key), and the job itself sends at most once.
   */
  async recover(): Promise<number> {
    const pending = await this.db
      .select()
      .from(schedules)
      .where(
        and(
          eq(schedules.status, "PENDENTE"),
          or(lte(schedules.sendAt, new Date()), isNull(schedules.jobId)),
        ),
      );
    for (const row of pending) {
      await this.enqueue(row, { replace: false }).catch((err) =>
        this.logger.warn({ err, scheduleId: row.id }, "could not queue a pending schedule"),
      );
    }
    return pending.length;
  }

  /** The job. */
  async send(scheduleId: number, lastTry = true): Promise<void> {
    type Outcome =
      | { kind: "skip" }
      | { kind: "early"; row: ScheduleRow }
      | {
          kind: "sent";
          row: ScheduleRow;
          ticket: TicketRow;
          before: TicketRow | null;
          message: Awaited<ReturnType<Outbound["insert"]>>;
        };
    let outcome: Outcome;
    try {
      outcome = await this.db.transaction(async (tx): Promise<Outcome> => {
        const [row] = await tx
          .select()
          .from(schedules)
          .where(eq(schedules.id, scheduleId))
          .for("update");
        if (!row || row.status !== "PENDENTE") return { kind: "skip" };
        if (row.sendAt.getTime() > Date.now() + DUE_SLACK_MS) return { kind: "early", row };
        return { kind: "sent", ...(await this.deliverIn(tx, row)) };
      });
    } catch (err) {
      if (err instanceof AppError || lastTry) return this.fail(scheduleId, err);
      throw err;
    }
    if (outcome.kind === "early") return this.enqueue(outcome.row, { replace: false });
    if (outcome.kind === "skip") return;
    const { row, ticket, before, message } = outcome;
    if (before) this.publisher.ticketChanged(before, await presentTicket(this.db, ticket.id));
    // Bulk lane: after the connection's agent replies, under the stricter Baileys rate guard.
    await this.outbound.afterInsert(ticket.id, message, { bulk: true });
    this.publisher.scheduleChanged(
      row.companyId,
      "update",
      await presentSchedule(this.db, this.files.signer, row),
    );
  }

  private async deliverIn(tx: Tx, schedule: ScheduleRow) {
    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, schedule.contactId), eq(contacts.companyId, schedule.companyId)));
    if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
    const connection = await this.connectionFor(tx, schedule, contact);
    if (!this.channels.get(connection.channelType) || connection.status !== "CONNECTED") {
      throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    }
    const [file] = schedule.fileId
      ? await tx.select().from(files).where(eq(files.id, schedule.fileId))
      : [];
    if (!schedule.body.trim() && !file) {
      throw new AppError("ERR_VALIDATION", "Nothing to send: no message and no file");
    }
    // Serialised with the inbound pipeline for this contact (same advisory lock).
    await lockContact(tx, connection.id, contact.number);
    const { ticket, before } = await this.ticketFor(tx, schedule, connection, contact);
    const message = await this.outbound.insert(tx, ticket, {
      body: renderTemplate(schedule.body, { contact, protocol: ticket.protocol }),
      fileId: file?.id ?? null,
      mediaType: file ? mediaTypeOf(file.mimeType) : "chat",
      senderId: schedule.userId,
    });
    const [row] = await tx
      .update(schedules)
      .set({ status: "ENVIADA", sentAt: new Date(), ticketId: ticket.id, error: null, jobId: null })
      .where(eq(schedules.id, schedule.id))
      .returning();
    return { row: row!, ticket, before, message };
  }

  private async connectionFor(
    tx: Tx,
    schedule: ScheduleRow,
    contact: ContactRow,
  ): Promise<ConnectionRow> {
    const company = eq(connections.companyId, schedule.companyId);
    if (schedule.connectionId) {
      const [row] = await tx
        .select()
        .from(connections)
        .where(and(company, eq(connections.id, schedule.connectionId)));
      if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
      return row;
    }
    const [latest] = await tx
      .select({ connection: connections })
      .from(tickets)
      .innerJoin(connections, eq(connections.id, tickets.connectionId))
      .where(and(eq(tickets.contactId, contact.id), company))
      .orderBy(desc(tickets.updatedAt))
      .limit(1);
    if (latest) return latest.connection;
    const [fallback] = await tx
      .select()
      .from(connections)
      .where(and(company, eq(connections.isDefault, true)))
      .limit(1);
    if (!fallback) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
    return fallback;
  }

  private async ticketFor(
    tx: Tx,
    schedule: ScheduleRow,
    connection: ConnectionRow,
    contact: ContactRow,
  ): Promise<{ ticket: TicketRow; before: TicketRow | null }> {
    const ofContact = and(
      eq(tickets.contactId, contact.id),
      eq(tickets.connectionId, connection.id),
    );
    const [active] = await tx
      .select()
      .from(tickets)
      .where(and(ofContact, inArray(tickets.status, ["open", "pending"])));
    const now = new Date();
    const userId = schedule.userId;

    if (!schedule.openTicket) {
      const ticket = await quietTicketFor(tx, {
        companyId: schedule.companyId,
        connection,
        contact,
        queueId: schedule.queueId,
        userId,
      });
      return { ticket, before: null };
    }

    if (active) {
      // An agent already holds the conversation: the message joins it, the holder stays.
      if ((active.status === "open" && active.userId) || !userId) {
        return { ticket: active, before: null };
      }
      const [opened] = await tx
        .update(tickets)
        .set({
          status: "open",
          userId,
          queueId: schedule.queueId ?? active.queueId,
          chatbot: false,
          updatedAt: now,
        })
        .where(eq(tickets.id, active.id))
        .returning();
      const [cycle] = await tx
        .select({ id: ticketTracking.id })
        .from(ticketTracking)
        .where(and(eq(ticketTracking.ticketId, active.id), isNull(ticketTracking.finishedAt)))
        .orderBy(desc(ticketTracking.id))
        .limit(1);
      if (cycle) {
        await tx
          .update(ticketTracking)
          .set({ userId, startedAt: now })
          .where(eq(ticketTracking.id, cycle.id));
      }
      return { ticket: opened!, before: active };
    }

    // No user left to hand it to (the author was removed): it waits in the pending list.
    const ticket = await this.insertTicket(
      tx,
      schedule,
      connection,
      contact,
      userId ? "open" : "pending",
    );
    await tx.insert(ticketTracking).values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      connectionId: connection.id,
      userId,
      queuedAt: now,
      startedAt: userId ? now : null,
    });
    return { ticket, before: null };
  }

  private insertTicket(
    tx: Tx,
    schedule: ScheduleRow,
    connection: ConnectionRow,
    contact: ContactRow,
    status: "open" | "pending",
  ): Promise<TicketRow> {
    const { companyId, queueId, userId } = schedule;
    return insertTicket(tx, { companyId, connection, contact, queueId, userId, status });
  }

  /** Records a failed send: status ERRO with the error text ('Erro de Envio' in the list). */
  private async fail(scheduleId: number, err: unknown): Promise<void> {
    this.logger.warn({ err, scheduleId }, "scheduled message failed");
    const text =
      err instanceof AppError ? `${err.code}: ${err.message}` : "ERR_SENDING_WAPP_MSG: send failed";
    const [row] = await this.db
      .update(schedules)
      .set({ status: "ERRO", error: text, jobId: null })
      .where(and(eq(schedules.id, scheduleId), eq(schedules.status, "PENDENTE")))
      .returning();
    if (row) {
      this.publisher.scheduleChanged(
        row.companyId,
        "update",
        await presentSchedule(this.db, this.files.signer, row),
      );
    }
  }
}
