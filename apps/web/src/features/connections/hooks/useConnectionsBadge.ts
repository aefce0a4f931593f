import { CONNECTION_BADGE_DELAY_MS } from "@atrium/shared";
import { useEffect, useState } from "react";
import { needsAttention } from "../api/connectionRules";
import type { ConnectionDTO } from "../api/connectionsApi";
import { useConnections } from "./useConnections";

/**
 * The rule of the '!' badge: evaluated CONNECTION_BADGE_DELAY_MS (2 s) after the list
 * changes, so a session passing through OPENING for a moment does not blink it.
 */
export function useAttentionBadge(connections: readonly ConnectionDTO[] | undefined): boolean {
  const [flagged, setFlagged] = useState(false);
  useEffect(() => {
    if (!connections) return;
    const timer = setTimeout(
      () => setFlagged(needsAttention(connections)),
      CONNECTION_BADGE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [connections]);
  return flagged;
}

/** The /connections menu badge, from the company's connection list. */
export function useConnectionsBadge(): boolean {
  const { data } = useConnections();
  return useAttentionBadge(data);
}
