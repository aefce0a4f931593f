import { isAdmin } from "@atrium/shared";
import type { Actor } from "../auth/actor.js";

/**
 * Schedules: every agent of the company sees them (like contacts); the author or an admin
 * changes them; only an admin schedules on another agent's behalf.
 */
export const schedulesPolicy = {
  canManage(actor: Actor, schedule: { userId: number | null }): boolean {
    return isAdmin(actor) || schedule.userId === actor.id;
  },
  canActFor(actor: Actor, userId: number): boolean {
    return userId === actor.id || isAdmin(actor);
  },
};
