import { NARROW_BREAKPOINT_PX, type ChatDTO } from "@atrium/shared";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useAuth } from "../../auth/hooks/useAuth";
import { chatsSession } from "../api/chatsSession";
import { useDeleteChat } from "../hooks/useDeleteChat";
import { ChatConversation } from "./ChatConversation";
import { ChatDialog } from "./ChatDialog";
import { ChatList } from "./ChatList";
import { NoChatSelected } from "./NoChatSelected";

/** The screen fills the height under the top bar (the layout's padding included). */
const FULL_HEIGHT = { xs: "calc(100dvh - 56px - 24px)", sm: "calc(100dvh - 64px - 48px)" };

type DialogState = { mode: "closed" } | { mode: "new" } | { mode: "edit"; chat: ChatDTO };

/**
 * /chats/:id? (admin-operator §2.14): chat list on the left and the conversation on the
 * right; under 600 px two tabs, 'Chats' and 'Mensagens'.
 */
export function ChatsPage() {
  const { t } = useTranslation("chats");
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const meId = user?.id ?? 0;
  const narrow = useMediaQuery(`(max-width:${NARROW_BREAKPOINT_PX - 0.05}px)`);
  const [tab, setTab] = useState<"chats" | "messages">(id ? "messages" : "chats");
  const [shownId, setShownId] = useState(id);
  if (shownId !== id) {
    // Opening a chat on a phone shows its messages.
    setShownId(id);
    if (id) setTab("messages");
  }
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<ChatDTO | null>(null);

  // The open chat was deleted, or I was taken out of it: back to /chats (admin-operator §4).
  useEffect(
    () => chatsSession.removed.subscribe(() => void navigate("/chats", { replace: true })),
    [navigate],
  );
  const deleteChat = useDeleteChat((chatId) => {
    if (chatsSession.openChatId() === chatId) void navigate("/chats", { replace: true });
  });

  const open = (chat: ChatDTO) => void navigate(`/chats/${chat.uuid}`);
  const list = (
    <ChatList
      selectedUuid={id}
      onOpen={open}
      onNew={() => setDialog({ mode: "new" })}
      onEdit={(chat) => setDialog({ mode: "edit", chat })}
      onDelete={setToDelete}
    />
  );
  const conversation = id ? (
    <ChatConversation key={id} uuid={id} />
  ) : (
    <NoChatSelected onShowList={narrow ? () => setTab("chats") : undefined} />
  );

  return (
    <>
      <Typography component="h1" sx={VISUALLY_HIDDEN}>
        {t("title")}
      </Typography>
      {narrow ? (
        <Box sx={{ display: "flex", flexDirection: "column", height: FULL_HEIGHT }}>
          <Tabs
            value={tab}
            onChange={(_event, next) => setTab(next)}
            variant="fullWidth"
            aria-label={t("tabs.label")}
          >
            <Tab value="chats" label={t("tabs.chats")} />
            <Tab value="messages" label={t("tabs.messages")} />
          </Tabs>
          <Box sx={{ flex: 1, minHeight: 0, display: tab === "chats" ? "block" : "none" }}>
            {list}
          </Box>
          <Box sx={{ flex: 1, minHeight: 0, display: tab === "messages" ? "block" : "none" }}>
            {conversation}
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: "flex", gap: 1.5, height: FULL_HEIGHT }}>
          <Box sx={{ width: "33.333%", minWidth: 300, maxWidth: 420, height: "100%" }}>{list}</Box>
          <Box sx={{ flex: 1, minWidth: 0, height: "100%" }}>{conversation}</Box>
        </Box>
      )}
      {dialog.mode !== "closed" && (
        <ChatDialog
          chat={dialog.mode === "edit" ? dialog.chat : undefined}
          meId={meId}
          onClose={() => setDialog({ mode: "closed" })}
          onSaved={(chat, created) => {
            setDialog({ mode: "closed" });
            if (created) open(chat);
          }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { title: toDelete?.title ?? "" })}
        message={t("confirmDelete.message")}
        busy={deleteChat.isPending}
        onConfirm={() =>
          toDelete && deleteChat.mutate(toDelete.id, { onSettled: () => setToDelete(null) })
        }
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

const VISUALLY_HIDDEN = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
