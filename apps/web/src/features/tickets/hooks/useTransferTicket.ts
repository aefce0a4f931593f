import { SEARCH_MIN_CHARS } from "@atrium/shared";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { lookupsApi, lookupsKeys, type UserOption } from "../api/lookupsApi";
import type { TicketUpdateAction } from "../api/ticketTypes";
import { useQueueOptions } from "./useQueueOptions";

/** Which transfer a choice of user and/or queue makes; nothing chosen, nothing sent. */
export function transferAction(
  userId: number | null,
  queueId: number | null,
): TicketUpdateAction | null {
  if (userId && queueId) return { action: "transfer_to_user_and_queue", userId, queueId };
  if (queueId) return { action: "move_to_queue", queueId };
  if (userId) return { action: "transfer_to_user", userId };
  return null;
}

/** The transfer dialog's state: user search (3+ characters, debounced 500 ms) and queues. */
export function useTransferTicket() {
  const [search, setSearch] = useState("");
  const [user, setUser] = useState<UserOption | null>(null);
  const [queueId, setQueueId] = useState<number | "">("");
  const term = useDebouncedValue(search.trim());
  const searching = term.length >= SEARCH_MIN_CHARS;
  const users = useQuery({
    queryKey: lookupsKeys.searchUsers(term),
    queryFn: ({ signal }) => lookupsApi.searchUsers(term, signal),
    enabled: searching,
    staleTime: 0,
  });
  const { queues } = useQueueOptions({ all: true });
  return {
    search,
    setSearch,
    user,
    setUser,
    queueId,
    setQueueId,
    queues,
    userOptions: searching ? (users.data ?? []) : [],
    searchingUsers: searching && users.isFetching,
    action: transferAction(user?.id ?? null, queueId === "" ? null : queueId),
  };
}
