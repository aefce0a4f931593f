import { asc, count, eq, sql } from "drizzle-orm";
import type { PlanInput } from "@atrium/shared";
import type { Db } from "../../db/client.js";
import { companies, plans } from "../../db/schema/index.js";
import { AppError, isUniqueViolation } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";
import { authorize } from "../users/users.policy.js";
import { presentPlan, type PlanDTO } from "./plans.presenter.js";

type PlanRow = typeof plans.$inferSelect;

/** The form's fields as columns; `users` wins over `userLimit.limit` when both are sent. */
function columns(input: PlanInput): Partial<typeof plans.$inferInsert> {
  const limits = input.connectionLimit ?? {};
  const users = input.users ?? input.userLimit?.limit;
  return {
    name: input.name,
    ...(users !== undefined && { userLimit: users }),
    ...(input.queues !== undefined && { queueLimit: input.queues }),
    ...(limits.baileys !== undefined && { limitBaileys: limits.baileys }),
    ...(limits.facebook !== undefined && { limitFacebook: limits.facebook }),
    ...(limits.instagram !== undefined && { limitInstagram: limits.instagram }),
    ...(limits.whatsAppBusiness !== undefined && {
      limitWhatsappBusiness: limits.whatsAppBusiness,
    }),
    ...(limits.webChat !== undefined && { limitWebChat: limits.webChat }),
    ...(input.graceDays !== undefined && { graceDays: input.graceDays }),
    ...(input.useCampaigns !== undefined && { useCampaigns: input.useCampaigns }),
  };
}

/** Subscription plans: the operator (super) manages them; the signup form lists them. */
export class PlansService {
  constructor(private readonly db: Db) {}

  /** Public list (signup): every plan by name. */
  async list(): Promise<PlanDTO[]> {
    const rows = await this.db.select().from(plans).orderBy(asc(plans.name));
    return rows.map(presentPlan);
  }

  async all(actor: Actor): Promise<PlanDTO[]> {
    authorize(actor.super);
    return this.list();
  }

  async get(actor: Actor, id: number): Promise<PlanDTO> {
    authorize(actor.super);
    return presentPlan(await this.findRow(id));
  }

  async create(actor: Actor, input: PlanInput): Promise<PlanDTO> {
    authorize(actor.super);
    await this.assertNameFree(input.name);
    const [row] = await this.db
      .insert(plans)
      .values({ ...columns(input), name: input.name })
      .returning()
      .catch(rethrowDuplicateName);
    return presentPlan(row!);
  }

  async update(actor: Actor, id: number, input: PlanInput): Promise<PlanDTO> {
    authorize(actor.super);
    await this.findRow(id);
    await this.assertNameFree(input.name, id);
    const [row] = await this.db
      .update(plans)
      .set(columns(input))
      .where(eq(plans.id, id))
      .returning()
      .catch(rethrowDuplicateName);
    return presentPlan(row!);
  }

  /** A plan still assigned to a company (archived ones included) cannot be deleted. */
  async delete(actor: Actor, id: number): Promise<void> {
    authorize(actor.super);
    await this.findRow(id);
    const [used] = await this.db
      .select({ n: count() })
      .from(companies)
      .where(eq(companies.planId, id));
    if ((used?.n ?? 0) > 0) throw new AppError("ERR_PLAN_IN_USE");
    await this.db.delete(plans).where(eq(plans.id, id));
  }

  async findRow(id: number): Promise<PlanRow> {
    const [row] = await this.db.select().from(plans).where(eq(plans.id, id));
    if (!row) throw new AppError("ERR_NO_PLAN_FOUND");
    return row;
  }

  /** Names are unique regardless of case ("Básico" and "básico" are the same plan). */
  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const [other] = await this.db
      .select({ id: plans.id })
      .from(plans)
      .where(sql`lower(${plans.name}) = lower(${name})`);
    if (other && other.id !== exceptId) throw new AppError("ERR_PLAN_NAME_EXISTS");
  }
}

function rethrowDuplicateName(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError("ERR_PLAN_NAME_EXISTS");
  throw err;
}
