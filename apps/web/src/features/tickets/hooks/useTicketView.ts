import { TICKET_VIEW_LOAD_DELAY_MS } from "@atrium/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "../../../api/ApiError";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { inboxSession } from "../api/inboxSession";
import { ticketsApi, ticketsKeys } from "../api/ticketsApi";
import { resetUnreadInCaches } from "../api/ticketsCache";
import { useTicketRoom } from "./useTicketRoom";

/**
 * The ticket on screen (agent-core §2 "Ticket view"): loaded 500 ms after opening; a ticket
 * the user may not open shows 'Acesso não permitido' and goes back to /tickets. While open it
 * is the session's open ticket (its new messages count as read) and its room is joined.
 */
export function useTicketView(uuid: string) {
  const { t } = useTranslation("tickets");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), TICKET_VIEW_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const query = useQuery({
    queryKey: ticketsKeys.detail(uuid),
    queryFn: ({ signal }) => ticketsApi.getByUuid(uuid, signal),
    enabled: ready,
    staleTime: 0,
    meta: { silent: true },
  });

  const { error } = query;
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.code === "ERR_NO_PERMISSION") {
      toast.error(t("view.noPermission"));
    } else toastError(error);
    void navigate("/tickets", { replace: true });
  }, [error, navigate, t]);

  const ticketId = query.data?.id;
  useEffect(() => {
    if (!ticketId) return;
    inboxSession.setOpenTicketId(ticketId);
    resetUnreadInCaches(queryClient, ticketId);
    return () => {
      if (inboxSession.openTicketId() === ticketId) inboxSession.setOpenTicketId(null);
    };
  }, [ticketId, queryClient]);

  useTicketRoom(query.data);

  return { ticket: query.data, loading: !query.data };
}
