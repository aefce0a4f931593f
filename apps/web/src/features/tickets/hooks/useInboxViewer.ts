import { useEffect, useMemo } from "react";
import { useAuth } from "../../auth/hooks/useAuth";
import { inboxSession } from "../api/inboxSession";
import type { ListViewer } from "../api/ticketTypes";

/** The current user as the live list rules see them; kept in the inbox session too. */
export function useInboxViewer(): ListViewer | null {
  const { user, isAdmin } = useAuth();
  const queueKey = (user?.queues ?? []).map((q) => q.id).join(",");
  const userId = user?.id;
  const viewer = useMemo<ListViewer | null>(
    () =>
      userId
        ? {
            userId,
            isAdmin,
            queueIds: queueKey ? queueKey.split(",").map(Number) : [],
          }
        : null,
    [userId, isAdmin, queueKey],
  );
  useEffect(() => {
    inboxSession.setViewer(viewer);
  }, [viewer]);
  return viewer;
}
