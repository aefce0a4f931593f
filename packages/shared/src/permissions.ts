import type { Profile } from "./enums.js";

/**
 * The permission rule table (agent-core §6, admin-operator §6). The server enforces it in
 * policies; the web `Can` helper reads the same table to show or hide controls.
 */
export const PERMISSIONS = [
  "dashboard:view",
  "drawer-admin-items:view",
  "tickets-manager:showall",
  "user-modal:editProfile",
  "user-modal:editQueues",
  "ticket-options:deleteTicket",
  "contacts-page:deleteContact",
  "contacts-page:importExport",
  "connections-page:actionButtons",
  "connections-page:addConnection",
  "connections-page:editOrDeleteConnection",
  "users:manage",
  "queues:manage",
  "settings:manage",
  "messages-api:view",
  "announcements:manage",
  "chats:create",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const RULES: Record<Profile, readonly Permission[]> = {
  user: [],
  admin: PERMISSIONS,
};

export interface Actor {
  profile: string;
  super?: boolean;
}

/** Profile comparison is case-insensitive, as the client's show-all rule (§4) is. */
export function normalizeProfile(profile: string): Profile {
  return profile.toLowerCase() === "admin" ? "admin" : "user";
}

export function isAdmin(actor: Actor): boolean {
  return normalizeProfile(actor.profile) === "admin";
}

export function can(actor: Actor | null | undefined, permission: Permission): boolean {
  if (!actor) return false;
  return RULES[normalizeProfile(actor.profile)].includes(permission);
}
