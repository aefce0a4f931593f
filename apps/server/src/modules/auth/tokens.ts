import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Refresh cookie: `sessionId.secret`; the database keeps only a hash of the secret. */
export const REFRESH_COOKIE = "jrt";

export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

export function secretMatches(secret: string, hash: string | null | undefined): boolean {
  if (!hash) return false;
  const a = Buffer.from(hashSecret(secret));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function parseRefreshCookie(
  value: string | undefined,
): { sid: string; secret: string } | null {
  if (!value) return null;
  const dot = value.indexOf(".");
  if (dot <= 0) return null;
  const sid = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  if (!/^[0-9a-f-]{36}$/i.test(sid) || !secret) return null;
  return { sid, secret };
}
