import { and, count, eq } from "drizzle-orm";
import type { ChannelType, ErrorCode } from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import { companies, connections, plans, queues, users } from "../../db/schema/index.js";
import { AppError } from "../../lib/errors.js";

export type LimitKind = "users" | "queues" | ChannelType;

type PlanRow = typeof plans.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

const CONNECTION_COLUMNS = {
  BAILEYS: "limitBaileys",
  FACEBOOK: "limitFacebook",
  INSTAGRAM: "limitInstagram",
  WHATSAPP_BUSINESS: "limitWhatsappBusiness",
  WEB_CHAT: "limitWebChat",
} as const satisfies Record<ChannelType, keyof PlanRow & keyof CompanyRow>;

/**
 * The number a company may have of `kind`, or null for "no limit". Rules (admin-operator §3,
 * §9): a plan's limit of 0 allows none; a company's own connection limit wins over the plan's
 * when it is above 0 (0 or empty, the form's default, means "the plan decides"). The platform's
 * own company and a company without a plan are not limited.
 */
export function limitFor(company: CompanyRow, plan: PlanRow | null, kind: LimitKind) {
  if (company.isPlatform || !plan) return null;
  if (kind === "users") return plan.userLimit;
  if (kind === "queues") return plan.queueLimit;
  const column = CONNECTION_COLUMNS[kind];
  if (!column) return null;
  const override = company[column];
  return override && override > 0 ? override : plan[column];
}

async function currentCount(db: DbOrTx, companyId: number, kind: LimitKind): Promise<number> {
  const [row] =
    kind === "users"
      ? await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId))
      : kind === "queues"
        ? await db.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId))
        : await db
            .select({ n: count() })
            .from(connections)
            .where(and(eq(connections.companyId, companyId), eq(connections.channelType, kind)));
  return row?.n ?? 0;
}

const CODES: Record<"users" | "queues" | "connections", ErrorCode> = {
  users: "ERR_USER_LIMIT_REACHED",
  queues: "ERR_QUEUE_LIMIT_REACHED",
  connections: "ERR_CONNECTION_LIMIT_REACHED",
};

/**
 * The one place plan limits are enforced: throws when the company already has as many users,
 * queues or connections of a channel as its plan (or its own override) allows. Called by the
 * users, signup, queues and connections services in the transaction that inserts.
 */
export async function assertWithinLimit(
  db: DbOrTx,
  companyId: number,
  kind: LimitKind,
): Promise<void> {
  // Inside the caller's transaction this serialises creations per company, so two at once
  // cannot both pass the count; the lock ends with the transaction.
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for("update");
  const [row] = await db
    .select({ company: companies, plan: plans })
    .from(companies)
    .leftJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  if (!row) return;
  const limit = limitFor(row.company, row.plan, kind);
  if (limit === null) return;
  if ((await currentCount(db, companyId, kind)) < limit) return;
  const code = kind === "users" || kind === "queues" ? CODES[kind] : CODES.connections;
  throw new AppError(code);
}
