import { can, isAdmin } from "@atrium/shared";
import type { Actor } from "../auth/actor.js";

export interface ChatTarget {
  companyId: number;
  ownerId: number | null;
}

/**
 * Who may do what with internal chats (admin-operator §2.14, §6). Only members see a chat and
 * its messages; only admins start chats; only the owner edits or deletes one. A chat whose
 * owner's account was deleted can be managed by an admin among its members.
 */
export const chatsPolicy = {
  canCreate(actor: Actor): boolean {
    return can(actor, "chats:create");
  },
  canView(actor: Actor, chat: ChatTarget, isMember: boolean): boolean {
    return chat.companyId === actor.companyId && isMember;
  },
  canManage(actor: Actor, chat: ChatTarget): boolean {
    if (chat.companyId !== actor.companyId) return false;
    return chat.ownerId === null ? isAdmin(actor) : chat.ownerId === actor.id;
  },
};
