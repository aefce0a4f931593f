import { and, eq, like } from "drizzle-orm";
import { campaignsEnabled, isAdmin } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { companies, plans, settings } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";
import { authorize } from "../users/users.policy.js";

/**
 * Campaigns are on for a company when its plan offers them (plans.useCampaigns) and its
 * campaignsEnabled setting is on — read by the shared rule the login answer uses too (a key
 * containing campaignsEnabled, value 'true' or 'enabled'), so the menu and the routes agree.
 */
export async function campaignsEnabledFor(db: DbOrTx, companyId: number): Promise<boolean> {
  const [company] = await db
    .select({ useCampaigns: plans.useCampaigns })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  if (!company || !planOffersCampaigns(company.useCampaigns)) return false;
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), like(settings.key, "%campaignsEnabled%")));
  return campaignsEnabled(rows);
}

/** A company without a plan (the platform's own) is not limited, as elsewhere. */
export function planOffersCampaigns(useCampaigns: boolean | null | undefined): boolean {
  return useCampaigns ?? true;
}

/** The plan part alone: a company admin may toggle the setting only when the plan offers it. */
export async function planOffersCampaignsTo(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ useCampaigns: plans.useCampaigns })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return planOffersCampaigns(row?.useCampaigns);
}

/**
 * Every campaign and contact-list route: the company's admins (or super users), and only while
 * campaigns are enabled for the company (else 403 ERR_CAMPAIGNS_DISABLED).
 */
export async function assertCampaignsAccess(db: DbOrTx, actor: Actor): Promise<void> {
  authorize(isAdmin(actor) || actor.super);
  if (!(await campaignsEnabledFor(db, actor.companyId))) {
    throw new AppError("ERR_CAMPAIGNS_DISABLED");
  }
}
