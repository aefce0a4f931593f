import type { ChatMessageDTO } from "@atrium/shared";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { format, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";

/** HH:mm today, dd/MM/yyyy HH:mm before. */
export function messageTime(createdAt: string, now: Date = new Date()): string {
  const date = parseISO(createdAt);
  if (Number.isNaN(date.getTime())) return "";
  return format(date, date.toDateString() === now.toDateString() ? "HH:mm" : "dd/MM/yyyy HH:mm");
}

/** One chat message: sender's name, text and time; mine on the right. */
export function ChatMessageBubble({ message, mine }: { message: ChatMessageDTO; mine: boolean }) {
  const { t } = useTranslation("chats");
  return (
    <Box
      component="li"
      data-mine={mine || undefined}
      sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", px: 2, py: 0.5 }}
    >
      <Box
        sx={{
          maxWidth: "min(75%, 600px)",
          minWidth: 90,
          bgcolor: mine ? "#dcf8c6" : "background.paper",
          borderRadius: 2,
          boxShadow: "0 1px 1px rgba(0,0,0,0.13)",
          px: 1.25,
          py: 0.75,
        }}
      >
        <Typography variant="caption" color="primary" component="p" sx={{ fontWeight: 600 }}>
          {message.sender?.name ?? t("conversation.unknownSender")}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {message.message}
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ textAlign: "right", lineHeight: 1.2 }}
        >
          {messageTime(message.createdAt)}
        </Typography>
      </Box>
    </Box>
  );
}
