import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Spinner } from "../../../components/Spinner";
import { useAuth } from "../../auth/hooks/useAuth";
import { useChat } from "../hooks/useChat";
import { useChatRead } from "../hooks/useChatRead";
import { ChatComposer } from "./ChatComposer";
import { ChatMessagesList } from "./ChatMessagesList";

/** The open chat: title and members, messages, composer. Opening it reads it. */
export function ChatConversation({ uuid }: { uuid: string }) {
  const { t } = useTranslation("chats");
  const navigate = useNavigate();
  const { user } = useAuth();
  const meId = user?.id ?? 0;
  const { chat, missing } = useChat(uuid);
  useChatRead(chat?.id, meId);

  // Not a member (or gone): back to the list, silently.
  useEffect(() => {
    if (missing) void navigate("/chats", { replace: true });
  }, [missing, navigate]);

  if (!chat) return <Spinner />;
  const names = chat.users.map((member) => member.user.name).join(", ");
  return (
    <Paper
      variant="outlined"
      sx={{ height: "100%", display: "flex", flexDirection: "column", overflow: "hidden" }}
    >
      <Box sx={{ px: 2, py: 1, borderBottom: 1, borderColor: "divider", minHeight: 52 }}>
        <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 600 }}>
          {chat.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {t("conversation.members", { names })}
        </Typography>
      </Box>
      <ChatMessagesList chatId={chat.id} meId={meId} />
      <ChatComposer key={chat.id} chatId={chat.id} />
    </Paper>
  );
}
