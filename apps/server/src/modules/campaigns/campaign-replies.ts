import { and, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { CAMPAIGN_REPLY_WINDOW_DAYS, DEFAULT_CAMPAIGN_SETTINGS } from "@atrium/shared";
import type { ContactRow } from "../../channels/channel.js";
import type { InboundResult, ReplyWatch } from "../../channels/inbound.js";
import type { Outbound } from "../../channels/outbound.js";
import { renderTemplate } from "../../channels/templates.js";
import type { Db } from "../../db/client.js";
import {
  campaignOptOuts,
  campaigns,
  campaignSettings,
  campaignShipments,
  tickets,
} from "../../db/schema/index.js";
import type { MessageRow } from "../messages/messages.presenter.js";
import { pick, type CampaignSender } from "./campaign-sender.js";

/**
 * A whole message as one comparable word: trimmed, lower case, accents, punctuation and emoji
 * stripped, spaces collapsed: "Sáir.", " SAIR 🙏" and "sair" are the same; "não quero sair
 * agora" is not "sair".
 */
export function normalizeWord(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A shipment still listening for its contact's answer: sent within the window and not opted
 * out. Unconfirmed ones are on the partial index `campaign_shipments_reply_lookup`; confirmed
 * ones (still listening for an opt-out word) on the online index
 * `campaign_shipments_confirmed_lookup`.
 */
const listening = () =>
  and(
    or(
      sql`(${campaignShipments.confirmedAt} is null and ${campaignShipments.optedOutAt} is null and ${campaignShipments.sentAt} is not null)`,
      sql`(${campaignShipments.confirmedAt} is not null and ${campaignShipments.optedOutAt} is null and ${campaignShipments.sentAt} is not null)`,
    ),
    gte(
      campaignShipments.sentAt,
      sql`now() - make_interval(days => ${CAMPAIGN_REPLY_WINDOW_DAYS})`,
    ),
  );

type Candidate = Awaited<ReturnType<CampaignReplies["candidates"]>>[number];

/** What a reply does: the shipment it answers and whether it opts out or confirms. */
interface Decision {
  candidate: Candidate;
  optOut: boolean;
  confirms: boolean;
}

/**
 * What a message does to its contact's listening shipments on the message's connection (newest
 * first): an opt-out word opts out of the newest one (even a confirmed one); the confirmation
 * reply confirms the newest unconfirmed one whose campaign has confirmation and this reply;
 * anything else marks the newest unconfirmed one replied — once: a later message of the contact
 * does nothing (null), which keeps the inbound hot path free of campaign writes.
 */
function decide(candidates: Candidate[], message: MessageRow): Decision | null {
  const mine = candidates.filter((c) => c.campaign.connectionId === message.connectionId);
  if (mine.length === 0) return null;
  const text = normalizeWord(message.body);
  const words = mine[0]!.optOutWords ?? DEFAULT_CAMPAIGN_SETTINGS.optOutWords;
  if (text !== "" && words.some((w) => normalizeWord(w) === text)) {
    return { candidate: mine[0]!, optOut: true, confirms: false };
  }
  const open = mine.filter((c) => !c.shipment.confirmedAt);
  const confirming =
    text !== "" &&
    open.find(
      (c) =>
        c.campaign.confirmation &&
        c.campaign.confirmationMessages.length > 0 &&
        normalizeWord(c.campaign.confirmationReply) === text,
    );
  if (confirming) return { candidate: confirming, optOut: false, confirms: true };
  const latest = open[0];
  if (!latest || latest.shipment.repliedAt) return null;
  return { candidate: latest, optOut: false, confirms: false };
}

/**
 * Contacts' answers to campaign messages (the inbound pipeline's ReplyWatch, both paths). A
 * message from a contact whose campaign message was sent within CAMPAIGN_REPLY_WINDOW_DAYS on
 * the same connection answers that campaign (see `decide`): the recipient is marked replied and
 * the reply's ticket shows the campaign; an opt-out word records the opt-out (later campaigns,
 * and running ones, skip the number); the confirmation reply of a campaign with confirmation
 * gets one confirmation message, once. The pipeline's own ticket find-or-create stays the only
 * one: the confirmation goes into the reply's ticket.
 */
export class CampaignReplies implements ReplyWatch {
  constructor(
    private readonly db: Db,
    private readonly outbound: Outbound,
    private readonly sender: CampaignSender,
  ) {}

  /** The listening shipments of these contacts, newest first, with what deciding needs. */
  private candidates(contactIds: number[]) {
    return this.db
      .select({
        shipment: {
          id: campaignShipments.id,
          contactId: campaignShipments.contactId,
          number: campaignShipments.number,
          repliedAt: campaignShipments.repliedAt,
          confirmedAt: campaignShipments.confirmedAt,
        },
        campaign: {
          id: campaigns.id,
          companyId: campaigns.companyId,
          connectionId: campaigns.connectionId,
          confirmation: campaigns.confirmation,
          confirmationMessages: campaigns.confirmationMessages,
          confirmationReply: campaigns.confirmationReply,
        },
        optOutWords: campaignSettings.optOutWords,
      })
      .from(campaignShipments)
      .innerJoin(campaigns, eq(campaigns.id, campaignShipments.campaignId))
      .leftJoin(campaignSettings, eq(campaignSettings.companyId, campaignShipments.companyId))
      .where(and(inArray(campaignShipments.contactId, contactIds), listening()))
      .orderBy(desc(campaignShipments.sentAt), desc(campaignShipments.id));
  }

  /** One query per batch: the messages that do something to a campaign (see `decide`). */
  async answering(stored: { message: MessageRow; contact: ContactRow }[]): Promise<Set<number>> {
    const contactIds = [...new Set(stored.map((s) => s.contact.id))];
    const rows = await this.candidates(contactIds);
    if (rows.length === 0) return new Set();
    return new Set(
      stored
        .filter((s) =>
          decide(
            rows.filter((r) => r.shipment.contactId === s.contact.id),
            s.message,
          ),
        )
        .map((s) => s.message.id),
    );
  }

  async onReply(result: InboundResult): Promise<void> {
    const decision = decide(await this.candidates([result.contact.id]), result.message);
    if (!decision) return;
    const { candidate, optOut, confirms } = decision;
    const { shipment, campaign } = candidate;
    const now = new Date();
    const [claimed] = await this.db
      .update(campaignShipments)
      .set({
        repliedAt: sql`coalesce(${campaignShipments.repliedAt}, now())`,
        ...(optOut && { optedOutAt: now }),
        ...(confirms && { confirmedAt: now }),
      })
      .where(
        and(
          eq(campaignShipments.id, shipment.id),
          isNull(campaignShipments.optedOutAt),
          optOut ? undefined : isNull(campaignShipments.confirmedAt),
          optOut || confirms ? undefined : isNull(campaignShipments.repliedAt),
        ),
      )
      .returning({ id: campaignShipments.id });
    if (!claimed) return;
    await this.db
      .update(tickets)
      .set({ campaignId: campaign.id })
      .where(and(eq(tickets.id, result.ticket.id), eq(tickets.companyId, campaign.companyId)));
    if (optOut) {
      await this.db
        .insert(campaignOptOuts)
        .values({ companyId: campaign.companyId, number: shipment.number, campaignId: campaign.id })
        .onConflictDoNothing();
    }
    if (confirms) {
      // Into the reply's own ticket (the pipeline found or created it).
      await this.outbound.queue(result.ticket, {
        body: renderTemplate(pick(campaign.confirmationMessages), {
          contact: result.contact,
          protocol: result.ticket.protocol,
        }),
      });
    }
    // The report follows within the sender's throttle (no full re-aggregation per reply).
    await this.sender.publishById(campaign.id);
  }
}
