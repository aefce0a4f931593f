import { originOf, type ApiOrigins } from "../http/csp.js";

export interface OriginPolicy {
  /** The app's own origins: PUBLIC_URL and the instances' addresses (cached). */
  app: ApiOrigins;
  /** `false` when PUBLIC_URL was derived from PORT, not configured. */
  publicUrlSet: boolean;
  /** ALLOWED_ORIGINS, already reduced to origins. */
  allowed: string[];
}

/**
 * Whether a page of `origin` may open the agents' socket: the app's own origin (PUBLIC_URL,
 * the instances' addresses) or one of ALLOWED_ORIGINS. Without a configured PUBLIC_URL the
 * page must come from the host the socket was opened on. A handshake without Origin is not a
 * browser's (browsers always send it), so no other site's page is behind it; the token still
 * decides.
 */
export async function isOriginAllowed(
  policy: OriginPolicy,
  origin: string | undefined,
  host: string | undefined,
): Promise<boolean> {
  if (origin === undefined) return true;
  const wanted = originOf(origin);
  if (!wanted) return false;
  if (policy.allowed.includes(wanted)) return true;
  if (!policy.publicUrlSet && host && new URL(wanted).host === host) return true;
  return (await policy.app.list()).includes(wanted);
}
