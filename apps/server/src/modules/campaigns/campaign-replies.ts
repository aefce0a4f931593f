import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { CAMPAIGN_REPLY_WINDOW_DAYS } from "@atrium/shared";
import type { ContactRow } from "../../channels/channel.js";
import type { InboundResult, ReplyWatch } from "../../channels/inbound.js";
import type { Outbound } from "../../channels/outbound.js";
import { renderTemplate } from "../../channels/templates.js";
import type { Db } from "../../db/client.js";
import { campaignOptOuts, campaigns, campaignShipments, tickets } from "../../db/schema/index.js";
import type { MessageRow } from "../messages/messages.presenter.js";
import { pick, type CampaignSender } from "./campaign-sender.js";
import { loadCampaignSettings } from "./campaign-settings.js";

/** Trimmed, lower case, accents stripped: "Sáir " and "SAIR" are the same word. */
export function normalizeWord(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

/** A shipment still listening for its contact's answer (the reply lookup's partial index). */
const listening = () =>
  and(
    isNotNull(campaignShipments.sentAt),
    isNull(campaignShipments.confirmedAt),
    isNull(campaignShipments.optedOutAt),
    gte(
      campaignShipments.sentAt,
      sql`now() - make_interval(days => ${CAMPAIGN_REPLY_WINDOW_DAYS})`,
    ),
  );

/**
 * Contacts' answers to campaign messages (the inbound pipeline's ReplyWatch, both paths). A
 * message from a contact whose campaign message was sent within CAMPAIGN_REPLY_WINDOW_DAYS
 * answers the latest such campaign: the recipient is marked replied and the reply's ticket
 * shows the campaign; an opt-out word records the opt-out (later campaigns skip the number); the
 * confirmation reply of a campaign with confirmation gets one confirmation message, once. The
 * pipeline's own ticket find-or-create stays the only one: the confirmation goes into the
 * reply's ticket.
 */
export class CampaignReplies implements ReplyWatch {
  constructor(
    private readonly db: Db,
    private readonly outbound: Outbound,
    private readonly sender: CampaignSender,
  ) {}

  async answering(stored: { message: MessageRow; contact: ContactRow }[]): Promise<Set<number>> {
    const contactIds = [...new Set(stored.map((s) => s.contact.id))];
    const rows = await this.db
      .selectDistinct({ contactId: campaignShipments.contactId })
      .from(campaignShipments)
      .where(and(inArray(campaignShipments.contactId, contactIds), listening()));
    const found = new Set(rows.map((r) => r.contactId));
    return new Set(stored.filter((s) => found.has(s.contact.id)).map((s) => s.message.id));
  }

  async onReply(result: InboundResult): Promise<void> {
    const [latest] = await this.db
      .select({ shipment: campaignShipments, campaign: campaigns })
      .from(campaignShipments)
      .innerJoin(campaigns, eq(campaigns.id, campaignShipments.campaignId))
      .where(and(eq(campaignShipments.contactId, result.contact.id), listening()))
      .orderBy(desc(campaignShipments.sentAt))
      .limit(1);
    if (!latest) return;
    const { shipment, campaign } = latest;
    const text = normalizeWord(result.message.body);
    const settings = await loadCampaignSettings(this.db, campaign.companyId);
    const optOut = text !== "" && settings.optOutWords.some((w) => normalizeWord(w) === text);
    const confirms =
      !optOut &&
      campaign.confirmation &&
      campaign.confirmationMessages.length > 0 &&
      text !== "" &&
      text === normalizeWord(campaign.confirmationReply);
    const now = new Date();
    const [claimed] = await this.db
      .update(campaignShipments)
      .set({
        repliedAt: shipment.repliedAt ?? now,
        ...(optOut && { optedOutAt: now }),
        ...(confirms && { confirmedAt: now }),
      })
      .where(
        and(
          eq(campaignShipments.id, shipment.id),
          isNull(campaignShipments.confirmedAt),
          isNull(campaignShipments.optedOutAt),
        ),
      )
      .returning();
    if (!claimed) return;
    await this.db
      .update(tickets)
      .set({ campaignId: campaign.id })
      .where(eq(tickets.id, result.ticket.id));
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
    await this.sender.publishById(campaign.id, { force: true });
  }
}
