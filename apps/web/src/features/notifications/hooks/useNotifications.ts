import { useQuery } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../auth/hooks/useAuth";
import { muteStore, notificationClicks } from "../api/alerts";
import { isForViewer } from "../api/notificationRule";
import { notificationsApi, notificationsKeys } from "../api/notificationsApi";

/** The bell's unread tickets, its mute switch, and clicks on browser notifications. */
export function useNotifications() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const userId = user?.id ?? 0;
  const query = useQuery({
    queryKey: notificationsKeys.unread(),
    queryFn: ({ signal }) => notificationsApi.unread(signal),
    enabled: userId > 0,
    meta: { silent: true },
  });
  const muted = useSyncExternalStore(muteStore.subscribe, muteStore.isMuted);

  useEffect(
    () => notificationClicks.subscribe((uuid) => void navigate(`/tickets/${uuid}`)),
    [navigate],
  );

  const tickets = (query.data ?? []).filter((ticket) => isForViewer(ticket, userId));
  return {
    tickets,
    loading: query.isPending && userId > 0,
    muted,
    toggleMuted: () => muteStore.setMuted(!muted),
  };
}
