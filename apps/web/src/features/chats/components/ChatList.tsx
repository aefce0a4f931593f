import type { ChatDTO } from "@atrium/shared";
import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { useAuth } from "../../auth/hooks/useAuth";
import { myUnreads } from "../api/chatsCache";
import { canCreateChat, canManageChat } from "../api/chatRules";
import { useChatsList } from "../hooks/useChatsList";
import { ChatListItem } from "./ChatListItem";

interface ChatListProps {
  selectedUuid: string | undefined;
  onOpen(chat: ChatDTO): void;
  onNew(): void;
  onEdit(chat: ChatDTO): void;
  onDelete(chat: ChatDTO): void;
}

/** My chats, newest first, with 'Nova' for admins; the next page near the bottom. */
export function ChatList({ selectedUuid, onOpen, onNew, onEdit, onDelete }: ChatListProps) {
  const { t } = useTranslation(["chats", "common"]);
  const { user } = useAuth();
  const meId = user?.id ?? 0;
  const list = useChatsList();

  return (
    <Paper variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: "divider",
          minHeight: 52,
        }}
      >
        <Typography component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t("list.label")}
        </Typography>
        {canCreateChat(user) && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={onNew}>
            {t("list.new")}
          </Button>
        )}
      </Box>
      <Box ref={list.scrollRef} onScroll={list.onScroll} sx={{ flex: 1, overflowY: "auto" }}>
        <List disablePadding aria-label={t("list.label")}>
          {list.chats.map((chat) => (
            <ChatListItem
              key={chat.id}
              chat={chat}
              unreads={myUnreads(chat, meId)}
              selected={chat.uuid === selectedUuid}
              canManage={canManageChat(chat, user)}
              onOpen={onOpen}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </List>
        {(list.loading || list.loadingMore) &&
          [0, 1, 2].map((row) => (
            <Box key={row} sx={{ px: 2, py: 1 }}>
              <Skeleton variant="text" width="60%" />
              <Skeleton variant="text" />
            </Box>
          ))}
        {!list.loading && list.chats.length === 0 && <EmptyState message={t("common:noRecords")} />}
      </Box>
    </Paper>
  );
}
