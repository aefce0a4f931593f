import { can } from "@atrium/shared";
import type { Actor } from "../auth/actor.js";

/** The dashboard shows company-wide figures: admins only (agent-core §6, "dashboard view"). */
export const dashboardPolicy = {
  canView(actor: Actor): boolean {
    return can(actor, "dashboard:view");
  },
};
