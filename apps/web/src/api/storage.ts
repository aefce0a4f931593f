import { STORAGE_KEYS, type LoginResponse } from "@atrium/shared";

/** The session keys written at login and wiped at logout (signOption and language survive). */
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.userUuid,
  STORAGE_KEYS.instanceAddress,
  STORAGE_KEYS.cshow,
] as const;

export function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function writeToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
}

export function readNumber(key: typeof STORAGE_KEYS.companyId | typeof STORAGE_KEYS.userId) {
  const value = Number(localStorage.getItem(key));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function readUserUuid(): string | null {
  return localStorage.getItem(STORAGE_KEYS.userUuid);
}

export function writeUserUuid(uuid: string): void {
  localStorage.setItem(STORAGE_KEYS.userUuid, uuid);
}

export function campaignsShown(): boolean {
  return localStorage.getItem(STORAGE_KEYS.cshow) !== null;
}

/**
 * The API base address: the company's instance address, or the page's own origin. Under the
 * Vite dev server the API is reached through its proxy, so the page's origin is always used.
 */
export function apiBaseAddress(): string {
  if (import.meta.env.MODE === "development") return "";
  const stored = localStorage.getItem(STORAGE_KEYS.instanceAddress)?.trim();
  return stored ? stored.replace(/\/+$/, "") : "";
}

/** Stores what the login answer carries (agent-core §3 "Local storage"). */
export function storeSession({ token, uuid, user }: LoginResponse): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.companyId, String(user.companyId));
  localStorage.setItem(STORAGE_KEYS.userId, String(user.id));
  localStorage.setItem(STORAGE_KEYS.userUuid, uuid);
  const address = user.company?.instance?.address;
  if (address) localStorage.setItem(STORAGE_KEYS.instanceAddress, address);
  else localStorage.removeItem(STORAGE_KEYS.instanceAddress);
  if (user.company?.campaignsEnabled) localStorage.setItem(STORAGE_KEYS.cshow, "true");
  else localStorage.removeItem(STORAGE_KEYS.cshow);
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}
