import { isAdmin } from "@atrium/shared";
import type { Actor } from "../auth/actor.js";

interface QuickMessageTarget {
  userId: number | null;
  global: boolean;
}

/**
 * Quick messages: everyone sees the company's shared ones and their own; the author or an
 * admin changes them; only admins share one with the whole company.
 */
export const quickMessagesPolicy = {
  canRead(actor: Actor, q: QuickMessageTarget): boolean {
    return q.global || q.userId === null || q.userId === actor.id;
  },
  canManage(actor: Actor, q: QuickMessageTarget): boolean {
    return isAdmin(actor) || (q.userId !== null && q.userId === actor.id);
  },
  canShare(actor: Actor): boolean {
    return isAdmin(actor);
  },
};
