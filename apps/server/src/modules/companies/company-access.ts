import { eq } from "drizzle-orm";
import { isBeyondGrace, todayIso, type ErrorCode } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { companies, plans } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";

/** Grace days when a company has no plan. */
export const DEFAULT_GRACE_DAYS = 7;

export interface CompanyAccessFacts {
  status: boolean;
  archived: boolean;
  dueDate: string | null;
  isPlatform: boolean;
  graceDays: number | null;
}

/**
 * Why a company's users may not work, or null (admin-operator §4, ours where "not shown"): an
 * inactive or archived company → SM00012 (the spec lets only active companies in); a company overdue by more than its plan's grace days →
 * ERR_COMPANY_OVERDUE. Super users and the platform's own company are never blocked.
 */
export function companyAccessError(
  company: CompanyAccessFacts,
  isSuper: boolean,
  today = todayIso(),
): ErrorCode | null {
  if (isSuper || company.isPlatform) return null;
  if (!company.status || company.archived) return "SM00012";
  if (isBeyondGrace(company.dueDate, company.graceDays ?? DEFAULT_GRACE_DAYS, today)) {
    return "ERR_COMPANY_OVERDUE";
  }
  return null;
}

/** Loads what companyAccessError needs for one company. */
export async function companyAccessFacts(
  db: DbOrTx,
  companyId: number,
): Promise<CompanyAccessFacts | undefined> {
  const [row] = await db
    .select({
      status: companies.status,
      archived: companies.archived,
      dueDate: companies.dueDate,
      isPlatform: companies.isPlatform,
      graceDays: plans.graceDays,
    })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row;
}

/** Throws the session code when the user's company blocks them (login and token refresh). */
export async function assertCompanyAccess(
  db: DbOrTx,
  user: { companyId: number; super: boolean },
): Promise<void> {
  const facts = await companyAccessFacts(db, user.companyId);
  const code = facts ? companyAccessError(facts, user.super) : user.super ? null : "SM00012";
  if (code) throw new AppError(code);
}
