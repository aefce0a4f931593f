import { useEffect, useState } from "react";
import { OPENING_TIMEOUT_MS } from "../api/connectionRules";

/**
 * True once a connection has been 'Conectando' (OPENING) for OPENING_TIMEOUT_MS without news.
 * Measured on this browser's clock from when it saw the status (or its last push), so a server
 * clock that differs does not matter; a new push (a retry) starts over.
 */
export function useOpeningTimeout(connection: { status: string; updatedAt: string }): boolean {
  const opening = connection.status === "OPENING";
  const [stuckAt, setStuckAt] = useState<string | null>(null);
  useEffect(() => {
    if (!opening) return;
    const timer = setTimeout(() => setStuckAt(connection.updatedAt), OPENING_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [opening, connection.updatedAt]);
  return opening && stuckAt === connection.updatedAt;
}
