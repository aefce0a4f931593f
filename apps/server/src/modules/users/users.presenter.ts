import { eq, inArray, sql } from "drizzle-orm";
import {
  campaignsEnabled,
  normalizeProfile,
  type CompanyRefDTO,
  type QueueRefDTO,
  type UserDTO,
} from "@atrium/shared";
import type { DbOrTx } from "../../db/client.js";
import {
  companies,
  instances,
  plans,
  queues,
  settings,
  userQueues,
  type users,
} from "../../db/schema/index.js";
import { shapedQuery } from "../../lib/shaped.js";
import { parsed, type JsonRef } from "../../lib/sql.js";
import { planOffersCampaigns } from "../campaigns/campaigns.policy.js";

type UserRow = typeof users.$inferSelect;

/** Users' queues (their own company's and a support company's), built and planned once. */
const membershipsWhere = shapedQuery(
  (db, where) =>
    db
      .select({
        userId: userQueues.userId,
        companyId: userQueues.companyId,
        id: queues.id,
        name: queues.name,
        color: queues.color,
      })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(where)
      .orderBy(queues.name)
      .prepare(""),
  { byKey: true },
);

/** Users as JSON, with their queues (and support-access queues), never the password hash. */
export async function presentUsers(db: DbOrTx, rows: UserRow[]): Promise<UserDTO[]> {
  if (rows.length === 0) return [];
  const memberships = await membershipsWhere(
    db,
    inArray(
      userQueues.userId,
      rows.map((r) => r.id),
    ),
    {},
  );
  return rows.map((u) => {
    const mine = memberships.filter((m) => m.userId === u.id);
    const pick = (companyId: number | null): QueueRefDTO[] =>
      mine
        .filter((m) => m.companyId === companyId)
        .map(({ id, name, color }) => ({ id, name, color }));
    const own = pick(u.companyId);
    return {
      id: u.id,
      uuid: u.uuid,
      name: u.name,
      email: u.email,
      profile: normalizeProfile(u.profile),
      super: u.super,
      online: u.online,
      companyId: u.companyId,
      queues: own,
      queueIds: own.map((q) => q.id),
      allowFinishTicketWithoutMessage: u.allowFinishTicketWithoutMessage,
      allowChangeSignature: u.allowChangeSignature,
      selectedCompanyId: u.selectedCompanyId,
      selectedCompanyQueues: u.selectedCompanyId ? pick(u.selectedCompanyId) : [],
      createdAt: u.createdAt.toISOString(),
      updatedAt: u.updatedAt.toISOString(),
    };
  });
}

export async function presentUser(db: DbOrTx, row: UserRow): Promise<UserDTO> {
  const [dto] = await presentUsers(db, [row]);
  return dto!;
}

/** The company's settings, as one json array (PGlite may hand it over as text). */
const companySettings = sql<
  JsonRef<{ key: string; value: string }[]>
>`coalesce((select json_agg(json_build_object('key', ${settings.key}, 'value', ${settings.value}))
  from ${settings} where ${settings.companyId} = ${companies.id}), '[]')`;

const companyRefWhere = shapedQuery(
  (db, where) =>
    db
      .select({ company: companies, instance: instances, plan: plans, settings: companySettings })
      .from(companies)
      .leftJoin(instances, eq(instances.id, companies.instanceId))
      .leftJoin(plans, eq(plans.id, companies.planId))
      .where(where)
      .prepare(""),
  { byKey: true },
);

/** The company block of the login/me answer: instance address and settings, one statement. */
export async function presentCompanyRef(db: DbOrTx, companyId: number): Promise<CompanyRefDTO> {
  const [row] = await companyRefWhere(db, eq(companies.id, companyId), {});
  const list = parsed(row?.settings ?? null) ?? [];
  return {
    id: companyId,
    name: row?.company.name ?? "",
    language: row?.company.language ?? "pt-BR",
    instance: row?.instance
      ? { id: row.instance.id, name: row.instance.name, address: row.instance.address }
      : null,
    settings: list,
    // Effective: the company's setting and its plan's useCampaigns.
    campaignsEnabled: campaignsEnabled(list) && planOffersCampaigns(row?.plan?.useCampaigns),
  };
}

/** A user with the company they act in (login, refresh and /auth/me). */
export async function presentSessionUser(db: DbOrTx, row: UserRow): Promise<UserDTO> {
  const [dto, company] = await Promise.all([
    presentUser(db, row),
    presentCompanyRef(db, row.selectedCompanyId ?? row.companyId),
  ]);
  return { ...dto, company };
}
