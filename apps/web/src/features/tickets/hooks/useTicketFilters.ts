import { can, LIST_REFRESH_AFTER_RESET_MS, type TicketStatus } from "@atrium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { useAuth } from "../../auth/hooks/useAuth";
import { ticketsKeys } from "../api/ticketsApi";
import type { TicketListParams, TicketListTab } from "../api/ticketTypes";

export type OpenSubTab = "open" | "pending";

/** The search tab's own filters. */
export interface SearchFilters {
  text: string;
  status: TicketStatus | "";
  tags: number[];
  users: number[];
}

const EMPTY_SEARCH: SearchFilters = { text: "", status: "", tags: [], users: [] };

/**
 * The ticket manager's state (agent-core §2 "Ticket manager"): tab, sub-tab, queue selection
 * (every queue of the user plus "Sem Fila" by default), show-all (admins: on), search filters.
 * Switching tabs resets filters and queues; the lists are refreshed 300 ms after a reset.
 */
export function useTicketFilters(queueIds: readonly number[]) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const canShowAll = can(user, "tickets-manager:showall");
  const defaultQueues = useMemo(() => [...queueIds, 0], [queueIds]);

  const [tab, setTab] = useState<TicketListTab>("open");
  const [openTab, setOpenTab] = useState<OpenSubTab>("open");
  const [showAll, setShowAll] = useState(canShowAll);
  const [chosenQueues, setChosenQueues] = useState<number[] | null>(null);
  const [search, setSearch] = useState<SearchFilters>(EMPTY_SEARCH);
  const searchText = useDebouncedValue(search.text.trim());

  const selectedQueueIds = chosenQueues ?? defaultQueues;
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  const changeTab = useCallback(
    (next: TicketListTab) => {
      setTab(next);
      setSearch(EMPTY_SEARCH);
      setChosenQueues(null);
      clearTimeout(refreshTimer.current);
      refreshTimer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ticketsKeys.lists() });
      }, LIST_REFRESH_AFTER_RESET_MS);
    },
    [queryClient],
  );

  const base = { showAll: canShowAll && showAll, queueIds: selectedQueueIds };
  const none = { searchParam: "", tags: [], users: [] };
  const params: Record<"assigned" | "pending" | "closed" | "search", TicketListParams> = {
    assigned: { ...base, ...none, searchTab: "open", status: "open" },
    pending: { ...base, ...none, searchTab: "open", status: "pending" },
    closed: { ...base, ...none, searchTab: "closed", status: "closed" },
    search: {
      ...base,
      searchTab: "search",
      status: search.status,
      searchParam: searchText,
      tags: search.tags,
      users: search.users,
    },
  };

  return {
    tab,
    changeTab,
    openTab,
    setOpenTab,
    canShowAll,
    showAll: base.showAll,
    setShowAll,
    selectedQueueIds,
    setSelectedQueueIds: setChosenQueues,
    search,
    setSearch,
    params,
  };
}
