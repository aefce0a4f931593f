import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The company's X_KEY: `atk_<companyId>_<43 random base64url characters>`. The company id in
 * the key tells us which company's hash to compare against; only the SHA-256 of the whole key
 * is stored (companies.apiKeyHash), so a leaked database does not leak working keys. The key
 * is random (256 bits), so a fast hash is enough — there is nothing to brute-force.
 */
const KEY_PATTERN = /^atk_(\d{1,10})_[A-Za-z0-9_-]{43}$/;

export function generateApiKey(companyId: number): string {
  return `atk_${companyId}_${randomBytes(32).toString("base64url")}`;
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The company a well-formed key names, or null. */
export function companyIdOfKey(key: string): number | null {
  const match = KEY_PATTERN.exec(key);
  return match ? Number(match[1]) : null;
}

/** Constant-time comparison of a presented key with the stored hash. */
export function apiKeyMatches(key: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const presented = Buffer.from(hashApiKey(key), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
