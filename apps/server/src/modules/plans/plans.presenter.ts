import type { plans } from "../../db/schema/index.js";

type PlanRow = typeof plans.$inferSelect;

/** A plan in the spec's shape (admin-operator §3 Plan), plus the grace days of its companies. */
export function presentPlan(row: PlanRow) {
  return {
    id: row.id,
    name: row.name,
    users: row.userLimit,
    queues: row.queueLimit,
    userLimit: { limit: row.userLimit },
    connectionLimit: {
      baileys: row.limitBaileys,
      facebook: row.limitFacebook,
      instagram: row.limitInstagram,
      whatsAppBusiness: row.limitWhatsappBusiness,
      webChat: row.limitWebChat,
    },
    graceDays: row.graceDays,
    useCampaigns: row.useCampaigns,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type PlanDTO = ReturnType<typeof presentPlan>;
