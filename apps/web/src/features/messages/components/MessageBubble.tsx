import BlockIcon from "@mui/icons-material/Block";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { format, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";
import type { MessageDTO } from "../api/messageTypes";
import { useRetryMessage } from "../hooks/useRetryMessage";
import { AckIcon } from "./AckIcon";
import { EditedMark } from "./EditedMark";
import { MessageMedia } from "./MessageMedia";
import { MessageOptionsMenu } from "./MessageOptionsMenu";
import { MessageText } from "./MessageText";
import { QuotedMessage } from "./QuotedMessage";

interface MessageBubbleProps {
  message: MessageDTO;
  /** The current user's id: only their own messages offer delete. */
  meId: number;
  readOnly: boolean;
  onReply(message: MessageDTO): void;
}

const COLORS = { mine: "#dcf8c6", theirs: "#ffffff", note: "#fff4c4" };

/** One message: quoted original, media, text, time, ack, error and the options menu. */
export function MessageBubble({ message, meId, readOnly, onReply }: MessageBubbleProps) {
  const { t } = useTranslation(["messages", "backendErrors"]);
  const isNote = message.mediaType === "note" || message.mediaType === "internal";
  const mine = message.fromMe || isNote;
  const errorText = message.error
    ? t(`backendErrors:${message.error}`, { defaultValue: message.error })
    : null;
  const retry = useRetryMessage();
  // A send that failed for good can be tried again by whoever may write in the ticket.
  const canRetry =
    Boolean(errorText) && message.fromMe && !isNote && !readOnly && !message.isDeleted;
  return (
    <Box
      sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", px: 2, py: 0.25 }}
    >
      <Box
        data-testid={`message-${message.id}`}
        data-note={isNote || undefined}
        sx={{
          position: "relative",
          maxWidth: "min(75%, 600px)",
          minWidth: 90,
          bgcolor: isNote ? COLORS.note : mine ? COLORS.mine : COLORS.theirs,
          border: isNote ? "1px dashed" : "none",
          borderColor: "warning.main",
          borderRadius: 2,
          boxShadow: "0 1px 1px rgba(0,0,0,0.13)",
          px: 1,
          pt: 0.75,
          pb: 0.5,
          pr: readOnly ? 1 : 3,
          "& .message-options": { opacity: 0 },
          "&:hover .message-options, & .message-options:focus-visible": { opacity: 1 },
        }}
      >
        {!readOnly && !message.isDeleted && (
          <MessageOptionsMenu
            message={message}
            canDelete={message.fromMe && message.senderId === meId}
            onReply={onReply}
          />
        )}
        {isNote && (
          <Typography
            variant="caption"
            color="warning.dark"
            sx={{ fontWeight: 600, display: "block" }}
          >
            {t("note.label")}
            {message.sender ? ` · ${message.sender.name}` : ""}
          </Typography>
        )}
        {message.participant && !mine && (
          <Typography
            variant="caption"
            color="primary.main"
            sx={{ fontWeight: 600, display: "block" }}
          >
            {message.participant}
          </Typography>
        )}
        {message.quotedMsg && <QuotedMessage quoted={message.quotedMsg} />}
        {message.isDeleted ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontStyle: "italic", display: "flex", alignItems: "center", gap: 0.5 }}
          >
            <BlockIcon fontSize="inherit" aria-hidden />
            {t("deleted")}
          </Typography>
        ) : (
          <>
            <MessageMedia message={message} />
            <MessageText message={message} />
          </>
        )}
        <Box
          sx={{
            display: "flex",
            alignItems: "center",
            justifyContent: "flex-end",
            gap: 0.5,
            color: "text.secondary",
            fontSize: 12,
            mt: 0.25,
          }}
        >
          {errorText && (
            <Tooltip title={errorText}>
              <ErrorOutlineIcon fontSize="inherit" color="warning" aria-label={errorText} />
            </Tooltip>
          )}
          {message.isEdited && !message.isDeleted && <EditedMark history={message.editHistory} />}
          <span>{format(parseISO(message.createdAt), "HH:mm")}</span>
          {message.fromMe && !isNote && <AckIcon ack={message.ack} />}
        </Box>
        {canRetry && (
          <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
            <Button
              size="small"
              color="warning"
              disabled={retry.isPending}
              onClick={() => retry.mutate(message.id)}
            >
              {t("retry")}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
