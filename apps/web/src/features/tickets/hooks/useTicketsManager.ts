import { useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "../../auth/hooks/useAuth";
import type { TicketDTO } from "../api/ticketTypes";
import { useInboxViewer } from "./useInboxViewer";
import { useQueueOptions } from "./useQueueOptions";
import { useTicketFilters } from "./useTicketFilters";
import { useTicketsList } from "./useTicketsList";
import { useUpdateTicket } from "./useUpdateTicket";

/**
 * Everything the ticket manager shows: the filters, the four lists (each loaded only on its
 * tab; the Open tab loads both sub-tabs for their count badges), accepting and opening rows.
 */
export function useTicketsManager() {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  useInboxViewer();
  // The lists wait for the queue options: their default selection is every queue.
  const { queues, loading: queuesLoading } = useQueueOptions();
  const queueIds = useMemo(() => queues.map((q) => q.id), [queues]);
  const filters = useTicketFilters(queueIds);
  const { tab, openTab, params } = filters;

  const ready = !queuesLoading;
  const assigned = useTicketsList(params.assigned, ready && tab === "open");
  const pending = useTicketsList(params.pending, ready && tab === "open");
  const closed = useTicketsList(params.closed, ready && tab === "closed");
  const search = useTicketsList(params.search, ready && tab === "search");
  const current =
    tab === "closed"
      ? closed
      : tab === "search"
        ? search
        : openTab === "pending"
          ? pending
          : assigned;

  const update = useUpdateTicket();
  const [acceptingId, setAcceptingId] = useState<number | null>(null);
  const { setOpenTab } = filters;
  const acceptTicket = useCallback(
    (ticket: TicketDTO) => {
      setAcceptingId(ticket.id);
      update.mutate(
        { ticket, change: { action: "accept" } },
        {
          onSuccess: (accepted) => {
            setOpenTab("open");
            void navigate(`/tickets/${accepted.uuid}`);
          },
          onSettled: () => setAcceptingId(null),
        },
      );
    },
    [update, navigate, setOpenTab],
  );
  const openTicket = useCallback(
    (ticket: TicketDTO) => {
      // A pending ticket must be accepted first.
      if (ticket.status !== "pending") void navigate(`/tickets/${ticket.uuid}`);
    },
    [navigate],
  );

  return {
    filters,
    queues,
    isAdmin,
    counts: { assigned: assigned.count, pending: pending.count },
    current,
    searchFetching: search.fetching,
    refetchSearch: search.refetch,
    acceptingId,
    acceptTicket,
    openTicket,
  };
}
