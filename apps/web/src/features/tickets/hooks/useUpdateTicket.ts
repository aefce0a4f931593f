import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../../api/toastError";
import { inboxSession } from "../api/inboxSession";
import { ticketsApi } from "../api/ticketsApi";
import { upsertTicketInCaches } from "../api/ticketsCache";
import type { TicketDTO, TicketUpdateAction } from "../api/ticketTypes";

export interface TicketChange {
  ticket: Pick<TicketDTO, "id" | "uuid">;
  change: TicketUpdateAction;
}

/** PUT /tickets/:id (accept, return, resolve, reopen, transfer); the lists follow at once. */
export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticket, change }: TicketChange) => ticketsApi.update(ticket.id, change),
    onSuccess: (updated) => upsertTicketInCaches(queryClient, updated, inboxSession.viewer()),
    onError: toastError,
  });
}
