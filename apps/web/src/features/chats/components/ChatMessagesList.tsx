import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { Spinner } from "../../../components/Spinner";
import { useChatHistoryScroll } from "../hooks/useChatHistoryScroll";
import { useChatMessages } from "../hooks/useChatMessages";
import { ChatMessageBubble } from "./ChatMessageBubble";

/** The conversation, oldest first; older messages load within 600 px of the top. */
export function ChatMessagesList({ chatId, meId }: { chatId: number; meId: number }) {
  const { t } = useTranslation(["chats", "common"]);
  const { messages, loading, loadingOlder, hasOlder, loadOlder } = useChatMessages(chatId);
  const scroll = useChatHistoryScroll(messages, { meId, hasOlder, loadingOlder, loadOlder });

  return (
    <Box
      ref={scroll.ref}
      onScroll={scroll.onScroll}
      sx={{ flex: 1, minHeight: 0, overflowY: "auto", bgcolor: "#eae6df", py: 1 }}
    >
      {loadingOlder && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
          <CircularProgress size={20} aria-label={t("common:loading")} />
        </Box>
      )}
      {loading ? (
        <Spinner />
      ) : messages.length === 0 ? (
        <EmptyState message={t("conversation.empty")} />
      ) : (
        <Box
          component="ol"
          role="log"
          aria-label={t("conversation.label")}
          sx={{ listStyle: "none", m: 0, p: 0 }}
        >
          {messages.map((message) => (
            <ChatMessageBubble
              key={message.id}
              message={message}
              mine={message.senderId === meId}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
