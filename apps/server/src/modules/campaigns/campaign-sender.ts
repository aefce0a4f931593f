import { and, desc, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { mediaTypeOf } from "@atrium/shared";
import type { ChannelRegistry, ContactRow } from "../../channels/channel.js";
import type { OutboundLanes } from "../../channels/lanes.js";
import type { Outbound } from "../../channels/outbound.js";
import { renderTemplate } from "../../channels/templates.js";
import type { Db, Tx } from "../../db/client.js";
import {
  campaignOptOuts,
  campaigns,
  campaignShipments,
  connections,
  contactListItems,
  contacts,
  contactTags,
  files,
  messages,
  outboundSends,
} from "../../db/schema/index.js";
import type { Jobs } from "../../jobs/jobs.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/logger.js";
import type { Publisher } from "../../realtime/publish.js";
import type { FilesService } from "../files/files.service.js";
import type { MessageRow } from "../messages/messages.presenter.js";
import { lockContact, quietTicketFor } from "../tickets/bulk-ticket.js";
import { intervalAfter, loadCampaignSettings, nextAllowedMoment } from "./campaign-settings.js";
import { campaignsEnabledFor } from "./campaigns.policy.js";
import { presentCampaign } from "./campaigns.presenter.js";

export const CAMPAIGN_JOB = "campaign.run";

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * A scheduled start is due with a second of slack for clocks between nodes (like schedules);
 * a step before its due time simply waits for it, so intervals are never shortened.
 */
const DUE_SLACK_MS = 1000;
/**
 * Campaign runs this node works at once: a run holds its worker while it waits between
 * messages, so one company's campaign must not hold another's.
 */
const CAMPAIGN_WORKERS = 4;
/** Waits up to this long happen in the running job; longer ones become a job at that time. */
const IN_PROCESS_WAIT_MS = 10_000;
/** One job sends for at most this long, then hands over to a new job (far below its expiry). */
const JOB_BUDGET_MS = 60_000;
/** Report events after sends: at most one per campaign in this period (and one at the end). */
const PUBLISH_EVERY_MS = 1000;
/** Re-checks of the campaign's previous message still waiting in its lane: 50 ms doubling to 1 s. */
const LANE_RECHECK_MIN_MS = 50;
const LANE_RECHECK_MAX_MS = 1000;

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

type Step =
  | { kind: "sent"; ticketId: number; message: MessageRow }
  | { kind: "failed" }
  | { kind: "skipped" }
  | { kind: "wait"; until: Date }
  | { kind: "lane" }
  | { kind: "done" }
  | { kind: "stopped"; changed?: boolean };

/**
 * Sends campaigns through a durable pg-boss job per campaign ("campaign.run", singleton key
 * `campaign-{id}`). Each step is one transaction: lock the campaign row, check its state (and
 * that the company's campaigns are still on), wait while its previous message is still in its
 * lane, check its next due time, claim the next pending recipient (FOR UPDATE; a number that
 * opted out meanwhile is skipped), store the
 * message in the contact's ticket and mark the recipient queued; after commit the message goes
 * to the connection's bulk lane (agent replies first, the Baileys bulk rate guard). The next due
 * time (a random interval in [min, max] s, plus the longer pause every N messages, moved to the
 * next allowed day/hour) is stored on the campaign in the same transaction, so any node and any
 * restart resume exactly there; a recipient is never sent twice (claim + unique key).
 *
 * A connection that is gone or not connected pauses the campaign (PAUSADA) instead of failing
 * every recipient: the admin resumes it once the connection is back.
 */
export class CampaignSender {
  private readonly lastPublish = new Map<number, number>();
  private readonly trailing = new Map<number, NodeJS.Timeout>();
  private closing = false;
  /** Wakes the loops sleeping between steps (the app is closing). */
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly channels: ChannelRegistry,
    private readonly outbound: Outbound,
    private readonly lanes: OutboundLanes,
    private readonly files: FilesService,
    private readonly publisher: Publisher,
    private readonly logger: Logger,
  ) {}

  async init(): Promise<void> {
    await this.jobs.register<{ campaignId: number }>(
      CAMPAIGN_JOB,
      (data) => this.run(data.campaignId),
      { policy: "short", retryLimit: 5, retryDelay: 5, workers: CAMPAIGN_WORKERS },
    );
  }

  /**
   * Running loops end at once (the app is closing): each queues its campaign's next job at its
   * due time first, so another node goes on (a rolling deploy leaves no campaign without a job).
   */
  stop(): void {
    this.closing = true;
    for (const wake of this.sleepers) wake();
    for (const timer of this.trailing.values()) clearTimeout(timer);
    this.trailing.clear();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /**
   * Queues the campaign's run at `at` (now when absent), replacing a queued one; `due` (the
   * campaign's next due time) is `at` unless given.
   */
  async enqueue(row: CampaignRow, at?: Date | null, due: Date | null = at ?? null): Promise<void> {
    if (row.jobId) await this.jobs.cancel(CAMPAIGN_JOB, row.jobId);
    const now = !at || at.getTime() <= Date.now();
    const jobId = await this.jobs.send(
      CAMPAIGN_JOB,
      { campaignId: row.id },
      { singletonKey: `campaign-${row.id}`, ...(!now && { startAfter: at }) },
    );
    await this.db.update(campaigns).set({ jobId, nextRunAt: due }).where(eq(campaigns.id, row.id));
  }

  async cancelJob(row: CampaignRow): Promise<void> {
    if (row.jobId) await this.jobs.cancel(CAMPAIGN_JOB, row.jobId);
  }

  /**
   * Startup recovery: running campaigns resume at their stored due time, scheduled ones get
   * their job (due ones run now), and campaign messages stored but never handed to their lane
   * (a crash right after the commit) are queued. Idempotent across nodes.
   */
  async recover(): Promise<number> {
    const rows = await this.db
      .select()
      .from(campaigns)
      .where(
        or(
          eq(campaigns.status, "EM_ANDAMENTO"),
          and(
            eq(campaigns.status, "PROGRAMADA"),
            or(lte(campaigns.scheduledAt, new Date()), isNull(campaigns.jobId)),
            isNotNull(campaigns.scheduledAt),
          ),
        ),
      );
    for (const row of rows) {
      const at = row.status === "EM_ANDAMENTO" ? row.nextRunAt : row.scheduledAt;
      await this.enqueue({ ...row, jobId: null }, at).catch((err) =>
        this.logger.warn({ err, campaignId: row.id }, "could not queue a campaign"),
      );
    }
    const stranded = await this.db
      .select({ id: messages.id, connectionId: messages.connectionId })
      .from(campaignShipments)
      .innerJoin(campaigns, eq(campaigns.id, campaignShipments.campaignId))
      .innerJoin(messages, eq(messages.id, campaignShipments.messageId))
      .leftJoin(outboundSends, eq(outboundSends.messageId, messages.id))
      .where(
        and(
          eq(campaigns.status, "EM_ANDAMENTO"),
          eq(campaignShipments.status, "queued"),
          eq(messages.ack, 0),
          isNull(messages.error),
          isNull(messages.providerMessageId),
          isNull(outboundSends.messageId),
        ),
      );
    // A message already in its lane is not sent twice: the lane's sent-marker refuses it.
    for (const m of stranded) {
      if (m.connectionId) await this.lanes.enqueue(m.connectionId, m.id, true);
    }
    return rows.length;
  }

  /**
   * Starts a campaign whose time has come: EM_ANDAMENTO, startedAt, and its recipients
   * materialised once (the list's items or the tag's contacts; opted-out numbers skipped).
   * Without any recipient it ends at once (FINALIZADA, total 0).
   */
  async start(campaignId: number): Promise<CampaignRow | null> {
    const row = await this.db.transaction(async (tx) => {
      const [c] = await tx
        .select()
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
        .for("update");
      if (!c || c.status !== "PROGRAMADA") return null;
      if (c.scheduledAt && c.scheduledAt.getTime() > Date.now() + DUE_SLACK_MS) return null;
      await this.materialise(tx, c);
      const [pending] = await tx
        .select({ id: campaignShipments.id })
        .from(campaignShipments)
        .where(and(eq(campaignShipments.campaignId, c.id), eq(campaignShipments.status, "pending")))
        .limit(1);
      const now = new Date();
      const [started] = await tx
        .update(campaigns)
        .set(
          pending
            ? { status: "EM_ANDAMENTO", startedAt: c.startedAt ?? now, nextRunAt: now }
            : { status: "FINALIZADA", startedAt: c.startedAt ?? now, completedAt: now },
        )
        .where(eq(campaigns.id, c.id))
        .returning();
      return started!;
    });
    if (row) await this.publish(row, { force: true });
    return row;
  }

  private async materialise(tx: Tx, c: CampaignRow): Promise<void> {
    const optedOut = (number: unknown) => sql`exists (select 1 from ${campaignOptOuts} o
      where o.company_id = ${c.companyId} and o.number = ${number})`;
    if (c.contactListId) {
      await tx.execute(sql`
        insert into ${campaignShipments} (company_id, campaign_id, contact_id, number, name, email, status)
        select ${c.companyId}, ${c.id}, ct.id, i.number, i.name, i.email,
          case when ${optedOut(sql`i.number`)} then 'skipped' else 'pending' end
        from ${contactListItems} i
        left join ${contacts} ct on ct.company_id = ${c.companyId} and ct.number = i.number
        where i.contact_list_id = ${c.contactListId} and i.company_id = ${c.companyId}
          and i.is_whatsapp_valid is not false
        order by i.id
        on conflict do nothing`);
    } else if (c.tagId) {
      await tx.execute(sql`
        insert into ${campaignShipments} (company_id, campaign_id, contact_id, number, name, email, status)
        select ${c.companyId}, ${c.id}, ct.id, ct.number, ct.name, ct.email,
          case when ${optedOut(sql`ct.number`)} then 'skipped' else 'pending' end
        from ${contactTags} t
        join ${contacts} ct on ct.id = t.contact_id
        where t.tag_id = ${c.tagId} and t.company_id = ${c.companyId}
          and ct.company_id = ${c.companyId} and not ct.is_group and ct.number <> ''
        order by ct.id
        on conflict do nothing`);
    }
  }

  /**
   * The job: starts the campaign if due, then sends while its intervals allow. Two runs of one
   * campaign (a resume while the previous job ends) are harmless: each step locks the campaign
   * row and checks its due time and its previous message.
   */
  async run(campaignId: number): Promise<void> {
    const [first] = await this.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!first) return;
    if (first.status === "PROGRAMADA") {
      const started = await this.start(campaignId);
      if (!started) {
        // Not due yet (an edit moved its time): the job waits for it.
        if (first.scheduledAt && first.scheduledAt.getTime() > Date.now()) {
          await this.enqueue({ ...first, jobId: null }, first.scheduledAt);
        }
        return;
      }
    }
    // The previous message's hand-over (publish, lane) overlaps the next step's transaction.
    let handing: Promise<void> = Promise.resolve();
    try {
      await this.sendWhileDue(campaignId, (next) => {
        const previous = handing;
        handing = previous.then(next).catch((err: unknown) => {
          this.logger.warn({ err, campaignId }, "campaign message not handed to its lane");
        });
        return previous;
      });
    } finally {
      await handing;
    }
  }

  private async sendWhileDue(
    campaignId: number,
    handOver: (next: () => Promise<void>) => Promise<void>,
  ): Promise<void> {
    const deadline = Date.now() + JOB_BUDGET_MS;
    let laneWaits = 0;
    for (;;) {
      if (this.closing) return this.handOverJob(campaignId, null);
      const step = await this.step(campaignId);
      if (step.kind === "stopped") {
        if (step.changed) await this.publishById(campaignId, { force: true });
        return;
      }
      if (step.kind === "done") return this.finish(campaignId);
      let until: Date;
      if (step.kind === "wait") until = step.until;
      else if (step.kind === "lane") {
        // The previous message still waits in its lane: look again soon (no due time change).
        const ms = Math.min(LANE_RECHECK_MAX_MS, LANE_RECHECK_MIN_MS * 2 ** laneWaits++);
        until = new Date(Date.now() + ms);
      } else {
        if (step.kind === "sent") {
          laneWaits = 0;
          // Bulk lane: after the connection's agent replies, under the Baileys bulk guard.
          await handOver(() =>
            this.outbound.afterInsert(step.ticketId, step.message, { bulk: true }),
          );
        }
        await this.publishById(campaignId);
        // The next step waits for this message to leave its lane, then for the due time.
        until = new Date();
      }
      const waitMs = until.getTime() - Date.now();
      if (waitMs > IN_PROCESS_WAIT_MS || Date.now() + waitMs > deadline) {
        return this.handOverJob(campaignId, until);
      }
      if (waitMs > 0) await this.sleep(waitMs);
    }
  }

  /**
   * The job ends (its budget, a long wait, the app closing): a new job takes over at `at` (the
   * campaign's due time when null). The campaign's due time itself is never moved earlier.
   */
  private async handOverJob(campaignId: number, at: Date | null): Promise<void> {
    const [row] = await this.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (row?.status !== "EM_ANDAMENTO") return;
    const due = row.nextRunAt;
    await this.enqueue({ ...row, jobId: null }, at ?? due, due);
  }

  /** One recipient, in one transaction (see the class comment). */
  private async step(campaignId: number): Promise<Step> {
    return this.db.transaction(async (tx): Promise<Step> => {
      const [c] = await tx
        .select()
        .from(campaigns)
        .where(eq(campaigns.id, campaignId))
        .for("update");
      if (!c || c.status !== "EM_ANDAMENTO") return { kind: "stopped" };
      const pause = async (why: string): Promise<Step> => {
        await tx
          .update(campaigns)
          .set({ status: "PAUSADA", jobId: null })
          .where(eq(campaigns.id, c.id));
        this.logger.warn({ campaignId }, `campaign paused: ${why}`);
        return { kind: "stopped", changed: true };
      };
      // The company's campaigns turned off (plan or setting): nothing more goes out.
      if (!(await campaignsEnabledFor(tx, c.companyId))) return pause("campaigns are disabled");
      const [connection] = c.connectionId
        ? await tx.select().from(connections).where(eq(connections.id, c.connectionId))
        : [];
      if (
        !connection ||
        !this.channels.get(connection.channelType) ||
        connection.status !== "CONNECTED"
      ) {
        return pause("its connection is not connected");
      }
      // A plain FOR UPDATE: a row someone else holds (a contact delete's FK update) is waited
      // for, never taken for the end of the campaign. The campaign row lock keeps steps apart.
      const [shipment] = await tx
        .select()
        .from(campaignShipments)
        .where(and(eq(campaignShipments.campaignId, c.id), eq(campaignShipments.status, "pending")))
        .orderBy(campaignShipments.id)
        .limit(1)
        .for("update");
      const now = new Date();
      // Finished only once the last message has left its lane: the final report counts it.
      if (await this.previousWaiting(tx, c, now)) return { kind: "lane" };
      if (!shipment) return { kind: "done" };
      if (c.nextRunAt && c.nextRunAt.getTime() > now.getTime()) {
        return { kind: "wait", until: c.nextRunAt };
      }
      const settings = await loadCampaignSettings(tx, c.companyId);
      const allowed = nextAllowedMoment(settings, now);
      if (allowed.getTime() > now.getTime()) {
        await tx.update(campaigns).set({ nextRunAt: allowed }).where(eq(campaigns.id, c.id));
        return { kind: "wait", until: allowed };
      }
      // The number opted out after the campaign started (a reply to another campaign).
      const [optedOut] = await tx
        .select({ id: campaignOptOuts.id })
        .from(campaignOptOuts)
        .where(
          and(
            eq(campaignOptOuts.companyId, c.companyId),
            eq(campaignOptOuts.number, shipment.number),
          ),
        );
      if (optedOut) {
        await tx
          .update(campaignShipments)
          .set({ status: "skipped" })
          .where(eq(campaignShipments.id, shipment.id));
        return { kind: "skipped" };
      }
      try {
        const sent = await tx.transaction((inner) =>
          this.deliverIn(inner, c, connection, shipment, now),
        );
        // Only messages sent count for the longer pause; the interval runs from the send.
        const sentCount = c.sentCount + 1;
        const waitMs = Math.round(intervalAfter(settings, sentCount) * 1000);
        await tx
          .update(campaigns)
          .set({ sentCount, nextRunAt: new Date(now.getTime() + waitMs) })
          .where(eq(campaigns.id, c.id));
        return { kind: "sent", ...sent };
      } catch (err) {
        // This recipient cannot be sent (its savepoint rolled back): it fails, the campaign goes on.
        this.logger.warn({ err, campaignId, shipmentId: shipment.id }, "campaign recipient failed");
        const error =
          err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG: the message was not stored";
        await tx
          .update(campaignShipments)
          .set({ status: "failed", error })
          .where(eq(campaignShipments.id, shipment.id));
        return { kind: "failed" };
      }
    });
  }

  /**
   * Whether the campaign's previous message still waits in its lane (stored, not sent, not
   * failed): then nothing more is claimed, so at most one message per campaign is ever in the
   * lane and pause, cancel and the allowed hours hold at once. While it waits, its send time and
   * the campaign's due time move along, so the interval runs from the send.
   */
  private async previousWaiting(tx: Tx, c: CampaignRow, now: Date): Promise<boolean> {
    const [previous] = await tx
      .select({ shipment: campaignShipments, message: messages })
      .from(campaignShipments)
      .innerJoin(messages, eq(messages.id, campaignShipments.messageId))
      .where(and(eq(campaignShipments.campaignId, c.id), eq(campaignShipments.status, "queued")))
      .orderBy(desc(campaignShipments.id))
      .limit(1);
    if (!previous) return false;
    const { shipment, message } = previous;
    const waiting =
      message.ack === 0 && !message.error && !message.providerMessageId && !message.isDeleted;
    if (!waiting) return false;
    const intervalMs =
      c.nextRunAt && shipment.sentAt
        ? Math.max(0, c.nextRunAt.getTime() - shipment.sentAt.getTime())
        : 0;
    await tx
      .update(campaignShipments)
      .set({ sentAt: now })
      .where(eq(campaignShipments.id, shipment.id));
    await tx
      .update(campaigns)
      .set({ nextRunAt: new Date(now.getTime() + intervalMs) })
      .where(eq(campaigns.id, c.id));
    return true;
  }

  private async deliverIn(
    tx: Tx,
    c: CampaignRow,
    connection: typeof connections.$inferSelect,
    shipment: typeof campaignShipments.$inferSelect,
    /** The step's time: the due time counts from it, so the interval is exact. */
    now: Date,
  ) {
    await lockContact(tx, connection.id, shipment.number);
    const contact = await this.contactFor(tx, c.companyId, connection.channelType, shipment);
    const ticket = await quietTicketFor(tx, {
      companyId: c.companyId,
      connection,
      contact,
      queueId: null,
      userId: null,
    });
    const [file] = c.fileId ? await tx.select().from(files).where(eq(files.id, c.fileId)) : [];
    const body = renderTemplate(pick(c.messages), {
      contact: {
        name: shipment.name || contact.name,
        number: shipment.number,
        email: shipment.email || contact.email,
      },
      protocol: ticket.protocol,
    });
    const message = await this.outbound.insert(tx, ticket, {
      body,
      fileId: file?.id ?? null,
      mediaType: file ? mediaTypeOf(file.mimeType) : "chat",
    });
    await tx
      .update(campaignShipments)
      .set({
        status: "queued",
        contactId: contact.id,
        messageId: message.id,
        ticketId: ticket.id,
        body,
        sentAt: now,
        error: null,
      })
      .where(eq(campaignShipments.id, shipment.id));
    return { ticketId: ticket.id, message };
  }

  /**
   * The recipient's contact: the one matched when the recipients were materialised, else the
   * company's contact with this number, created from the recipient when there is none.
   */
  private async contactFor(
    tx: Tx,
    companyId: number,
    channelType: string,
    shipment: typeof campaignShipments.$inferSelect,
  ): Promise<ContactRow> {
    const ofCompany = eq(contacts.companyId, companyId);
    if (shipment.contactId) {
      const [known] = await tx
        .select()
        .from(contacts)
        .where(and(ofCompany, eq(contacts.id, shipment.contactId)));
      if (known) return known;
    }
    const [created] = await tx
      .insert(contacts)
      .values({
        companyId,
        number: shipment.number,
        name: shipment.name || shipment.number,
        email: shipment.email,
        channelType,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const [found] = await tx
      .select()
      .from(contacts)
      .where(and(ofCompany, eq(contacts.number, shipment.number)));
    return found!;
  }

  private async finish(campaignId: number): Promise<void> {
    const [row] = await this.db
      .update(campaigns)
      .set({ status: "FINALIZADA", completedAt: new Date(), jobId: null, nextRunAt: null })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, "EM_ANDAMENTO")))
      .returning();
    if (row) await this.publish(row, { force: true });
  }

  /** The campaign's state and report to its admins (throttled while it sends). */
  async publish(row: CampaignRow, { force = false } = {}): Promise<void> {
    if (!force && this.deferred(row.id)) return;
    this.lastPublish.set(row.id, Date.now());
    this.publisher.campaignChanged(
      row.companyId,
      "update",
      await presentCampaign(this.db, this.files.signer, row),
    );
  }

  async publishById(campaignId: number, opts: { force?: boolean } = {}): Promise<void> {
    if (!opts.force && this.deferred(campaignId)) return;
    const [row] = await this.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (row) await this.publish(row, { force: true });
  }

  /**
   * Throttle of the report events: within PUBLISH_EVERY_MS of the last one, this change is not
   * dropped but published once at the end of the period (the campaign as it is then), so the
   * last change — a reply after the campaign finished — always reaches the screens.
   */
  private deferred(campaignId: number): boolean {
    const wait = (this.lastPublish.get(campaignId) ?? 0) + PUBLISH_EVERY_MS - Date.now();
    if (wait <= 0) return false;
    if (!this.trailing.has(campaignId)) {
      const timer = setTimeout(() => {
        this.trailing.delete(campaignId);
        this.publishById(campaignId, { force: true }).catch((err: unknown) =>
          this.logger.warn({ err, campaignId }, "campaign report not published"),
        );
      }, wait);
      timer.unref();
      this.trailing.set(campaignId, timer);
    }
    return true;
  }
}
