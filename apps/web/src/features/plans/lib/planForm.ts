import { planSchema } from "@atrium/shared";
import { z } from "zod";
import { CONNECTION_LIMIT_KEYS, type PlanDTO, type PlanPayload } from "../api/plansApi";

/** The server's own rules (shared schema): empty counts as 0, else a whole number ≥ 0. */
const count = planSchema.shape.queues.unwrap();

/** The plans form (admin-operator §2.4), flat: a name and whole, non-negative limits. */
export const planFormSchema = z.object({
  name: planSchema.shape.name,
  users: count,
  queues: count,
  baileys: count,
  facebook: count,
  instagram: count,
  whatsAppBusiness: count,
  webChat: count,
  useCampaigns: z.boolean(),
});

export type PlanFormInput = z.input<typeof planFormSchema>;
export type PlanFormOutput = z.output<typeof planFormSchema>;

export const EMPTY_PLAN_FORM: PlanFormInput = {
  name: "",
  users: "0",
  queues: "0",
  baileys: "0",
  facebook: "0",
  instagram: "0",
  whatsAppBusiness: "0",
  webChat: "0",
  useCampaigns: true,
};

/** The plan's users limit, whichever shape the server answers with. */
export function planUsers(plan: PlanDTO): number | null {
  return plan.users ?? plan.userLimit?.limit ?? null;
}

export function planToForm(plan: PlanDTO): PlanFormInput {
  const limits = plan.connectionLimit ?? {};
  return {
    name: plan.name,
    users: String(planUsers(plan) ?? 0),
    queues: String(plan.queues ?? 0),
    useCampaigns: plan.useCampaigns,
    ...Object.fromEntries(CONNECTION_LIMIT_KEYS.map((key) => [key, String(limits[key] ?? 0)])),
  } as PlanFormInput;
}

export function formToPayload(values: PlanFormOutput): PlanPayload {
  return {
    name: values.name,
    users: values.users,
    queues: values.queues,
    userLimit: { limit: values.users },
    connectionLimit: {
      baileys: values.baileys,
      facebook: values.facebook,
      instagram: values.instagram,
      whatsAppBusiness: values.whatsAppBusiness,
      webChat: values.webChat,
    },
    useCampaigns: values.useCampaigns,
  };
}
