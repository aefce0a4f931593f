import { emptyWorkingHours } from "@atrium/shared";
import type { companies, plans } from "../../db/schema/index.js";

type CompanyRow = typeof companies.$inferSelect;
type PlanRow = typeof plans.$inferSelect;

/** A company as its own users (and the operator) see it: no API key hash, no billing files. */
export function presentCompany(row: CompanyRow, plan?: PlanRow | null) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    document: row.document,
    status: row.status,
    planId: row.planId,
    plan: plan ? { id: plan.id, name: plan.name } : null,
    dueDate: row.dueDate,
    recurrence: row.recurrence,
    language: row.language,
    schedules: row.schedules.length ? row.schedules : emptyWorkingHours(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type CompanyDTO = ReturnType<typeof presentCompany>;
