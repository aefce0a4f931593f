import { can } from "@atrium/shared";
import { forbidden } from "../../lib/errors.js";
import type { Actor } from "../auth/actor.js";

export interface UserTarget {
  id: number;
  companyId: number;
  super: boolean;
}

/**
 * Who may do what to users. Admins manage the users of the company they act in; super users
 * manage users of any company; everyone may read their colleagues and edit themselves.
 */
export const usersPolicy = {
  canRead(actor: Actor, target: UserTarget): boolean {
    return actor.super || target.companyId === actor.companyId || target.id === actor.id;
  },
  canCreateIn(actor: Actor, companyId: number): boolean {
    return actor.super || (can(actor, "users:manage") && companyId === actor.companyId);
  },
  canManage(actor: Actor, target: UserTarget): boolean {
    if (actor.super) return true;
    if (target.super) return false; // a company admin cannot touch the operator's accounts
    return can(actor, "users:manage") && target.companyId === actor.companyId;
  },
  canDelete(actor: Actor, target: UserTarget): boolean {
    return target.id !== actor.id && this.canManage(actor, target);
  },
  canEditProfile(actor: Actor): boolean {
    return can(actor, "user-modal:editProfile");
  },
  canEditQueues(actor: Actor): boolean {
    return can(actor, "user-modal:editQueues");
  },
};

export function authorize(allowed: boolean): void {
  if (!allowed) throw forbidden();
}
