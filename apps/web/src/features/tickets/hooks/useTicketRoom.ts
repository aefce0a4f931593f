import { channels, clientEvents } from "@atrium/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Socket } from "socket.io-client";
import { toast } from "../../../app/toast/toastStore";
import { currentSocket } from "../../../realtime/socket";
import { inboxSession } from "../api/inboxSession";
import { upsertTicketInCaches } from "../api/ticketsCache";
import type { TicketDTO } from "../api/ticketTypes";

const SOCKET_WAIT_MS = 500;

/**
 * The open ticket's own channel: joinChatBox on open (again after a reconnect), leftChatBox on
 * leave; an update refreshes the ticket, a delete returns to the list with a notice.
 */
export function useTicketRoom(ticket: TicketDTO | undefined) {
  const { t } = useTranslation("tickets");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const latest = useRef({ t, navigate });
  useEffect(() => {
    latest.current = { t, navigate };
  }, [t, navigate]);

  const ticketId = ticket?.id;
  const companyId = ticket?.companyId;
  useEffect(() => {
    if (!ticketId || !companyId) return;
    const event = channels.ticketRoom(companyId, ticketId);
    let socket: Socket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const join = () => socket?.emit(clientEvents.joinChatBox, ticketId);
    const onEvent = (payload: { action?: string; ticket?: TicketDTO }) => {
      if (payload.action === "update" && payload.ticket) {
        upsertTicketInCaches(queryClient, payload.ticket, inboxSession.viewer());
      } else if (payload.action === "delete") {
        toast.success(latest.current.t("view.deleted"));
        void latest.current.navigate("/tickets");
      }
    };
    const attach = () => {
      socket = currentSocket();
      // The session's socket opens just after login: wait for it.
      if (!socket) {
        timer = setTimeout(attach, SOCKET_WAIT_MS);
        return;
      }
      socket.on(event, onEvent);
      socket.on("connect", join);
      if (socket.connected) join();
    };
    attach();
    return () => {
      clearTimeout(timer);
      if (!socket) return;
      socket.off(event, onEvent);
      socket.off("connect", join);
      socket.emit(clientEvents.leftChatBox, ticketId);
    };
  }, [ticketId, companyId, queryClient]);
}
