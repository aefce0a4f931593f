import type { Db } from "../db/client.js";
import { instances } from "../db/schema/index.js";

export interface OriginPolicy {
  /** PUBLIC_URL; `publicUrlSet` false means it was derived from PORT, not configured. */
  publicUrl: string;
  publicUrlSet: boolean;
  /** ALLOWED_ORIGINS, already reduced to origins. */
  allowed: string[];
}

function originOf(address: string): string | null {
  try {
    const origin = new URL(address).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a page of `origin` may open the agents' socket: the app's own origin (PUBLIC_URL,
 * the instances' addresses) or one of ALLOWED_ORIGINS. Without a configured PUBLIC_URL the
 * page must come from the host the socket was opened on. A handshake without Origin is not a
 * browser's (browsers always send it), so no other site's page is behind it; the token still
 * decides.
 */
export async function isOriginAllowed(
  db: Db,
  policy: OriginPolicy,
  origin: string | undefined,
  host: string | undefined,
): Promise<boolean> {
  if (origin === undefined) return true;
  const wanted = originOf(origin);
  if (!wanted) return false;
  if (wanted === originOf(policy.publicUrl) || policy.allowed.includes(wanted)) return true;
  if (!policy.publicUrlSet && host && new URL(wanted).host === host) return true;
  const rows = await db.select({ address: instances.address }).from(instances);
  return rows.some((row) => originOf(row.address) === wanted);
}
