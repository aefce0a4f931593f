import type { ConnectionLimits } from "@atrium/shared";
import { api } from "../../../api/client";

export { CONNECTION_LIMIT_KEYS, type ConnectionLimits } from "@atrium/shared";

/** A plan as GET /plans/all answers it. */
export interface PlanDTO {
  id: number;
  name: string;
  users: number | null;
  queues: number | null;
  userLimit?: { limit: number | null } | null;
  connectionLimit?: Partial<ConnectionLimits> | null;
  /** Campaigns (issue #15) are offered to this plan's companies. */
  useCampaigns: boolean;
}

/** The body of POST /plans and PUT /plans/:id. */
export interface PlanPayload {
  name: string;
  users: number;
  queues: number;
  userLimit: { limit: number };
  connectionLimit: ConnectionLimits;
  /** Absent keeps the plan's value (planSchema); the form always sends it. */
  useCampaigns?: boolean;
}

export const plansApi = {
  all: (signal?: AbortSignal) => api.get<PlanDTO[]>("/plans/all", { signal }),
  create: (payload: PlanPayload) => api.post<PlanDTO>("/plans", payload),
  update: (id: number, payload: PlanPayload) => api.put<PlanDTO>(`/plans/${id}`, payload),
  remove: (id: number) => api.delete(`/plans/${id}`),
};

export const plansKeys = {
  all: ["plans"] as const,
  list: () => [...plansKeys.all, "all"] as const,
};
