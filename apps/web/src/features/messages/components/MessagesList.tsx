import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import { format, parseISO } from "date-fns";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { Spinner } from "../../../components/Spinner";
import type { MessagesView } from "../api/messagesApi";
import type { MessageDTO } from "../api/messageTypes";
import { useMessagesScroll } from "../hooks/useMessagesScroll";
import { useTicketMessages } from "../hooks/useTicketMessages";
import { useTimeline } from "../hooks/useTimeline";
import { MessageBubble } from "./MessageBubble";

interface MessagesListProps {
  ticketId: number;
  /** The ticket's contact: its private notes show in the conversation too. */
  contactId?: number;
  meId: number;
  view?: MessagesView;
  onReply?(message: MessageDTO): void;
}

const dayOf = (message: MessageDTO) => format(parseISO(message.createdAt), "dd/MM/yyyy");

/**
 * The conversation: day separators, bubbles, older pages loaded at the top, and the ticket's
 * private notes in place (managed in the contact drawer).
 */
export function MessagesList({
  ticketId,
  contactId,
  meId,
  view = "chat",
  onReply,
}: MessagesListProps) {
  const { t } = useTranslation("messages");
  const loaded = useTicketMessages(ticketId, view);
  const { loading, loadingOlder, hasOlder, loadOlder } = loaded;
  const messages = useTimeline(loaded.messages, { ticketId, contactId, hasOlder });
  const scroll = useMessagesScroll(messages, { hasOlder, loadingOlder, loadOlder });
  const readOnly = view === "spy" || !onReply;

  return (
    <Box sx={{ position: "relative", flex: 1, minHeight: 0, bgcolor: "#efeae2" }}>
      {loadingOlder && (
        <CircularProgress
          size={24}
          aria-label={t("loadingOlder")}
          sx={{ position: "absolute", top: 8, left: "50%", ml: "-12px", zIndex: 1 }}
        />
      )}
      <Box
        ref={scroll.ref}
        onScroll={scroll.onScroll}
        role="log"
        aria-label={t("listLabel")}
        sx={{ height: "100%", overflowY: "auto", py: 1 }}
      >
        {loading && <Spinner />}
        {!loading && messages.length === 0 && <EmptyState message={t("empty")} />}
        {messages.map((message, index) => {
          const day = dayOf(message);
          const newDay = index === 0 || dayOf(messages[index - 1]!) !== day;
          return (
            <Fragment key={message.id}>
              {newDay && (
                <Box sx={{ display: "flex", justifyContent: "center", my: 1 }}>
                  <Chip size="small" label={day} sx={{ bgcolor: "#e1f3fb" }} />
                </Box>
              )}
              <MessageBubble
                message={message}
                meId={meId}
                readOnly={readOnly || message.id < 0}
                onReply={onReply ?? (() => undefined)}
              />
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}
