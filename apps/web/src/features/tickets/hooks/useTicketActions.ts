import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { ticketsApi } from "../api/ticketsApi";
import { removeTicketFromCaches } from "../api/ticketsCache";
import type { TicketDTO, TicketUpdateAction } from "../api/ticketTypes";
import { useUpdateTicket } from "./useUpdateTicket";

/**
 * The ticket view's actions (agent-core §4): after accept the ticket stays in view; after any
 * other change (return, resolve, reopen, transfer, delete) the screen goes back to the list.
 */
export function useTicketActions(ticket: TicketDTO) {
  const { t } = useTranslation("tickets");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateTicket();

  const run = useCallback(
    (change: TicketUpdateAction, onDone?: () => void) =>
      update.mutate(
        { ticket, change },
        {
          onSuccess: (updated) => {
            onDone?.();
            if (change.action === "accept") void navigate(`/tickets/${updated.uuid}`);
            else void navigate("/tickets");
          },
        },
      ),
    [update, ticket, navigate],
  );

  const remove = useMutation({
    mutationFn: () => ticketsApi.remove(ticket.id),
    onSuccess: () => {
      removeTicketFromCaches(queryClient, ticket.id);
      toast.success(t("view.deleted"));
      void navigate("/tickets");
    },
    onError: toastError,
  });

  return {
    run,
    busy: update.isPending,
    remove: useCallback(() => remove.mutate(), [remove]),
    removing: remove.isPending,
  };
}
