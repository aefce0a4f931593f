import { NOTIFICATION_POPOVER_PX } from "@atrium/shared";
import QuestionAnswerOutlinedIcon from "@mui/icons-material/QuestionAnswerOutlined";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useChatsDot, useChatsUnreadTotal } from "../hooks/useChatsUnread";

// The list and its search load on the first opening, not with the app shell.
const ChatsPopoverPanel = lazy(async () => ({
  default: (await import("./ChatsPopoverPanel")).ChatsPopoverPanel,
}));

/** The top bar's chats button; its texts load on their own, without holding the layout. */
export function ChatsPopover() {
  return (
    <Suspense fallback={null}>
      <ChatsButton />
    </Suspense>
  );
}

/**
 * My internal chats in a popover (agent-core §2 "Chats popover"): a dot while I have unread
 * messages, cleared on opening.
 */
function ChatsButton() {
  const { t } = useTranslation(["chats", "common"]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { dot, clear } = useChatsDot(useChatsUnreadTotal());
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t(dot ? "popover.openUnread" : "popover.open")}
        aria-haspopup="dialog"
        onClick={(event) => {
          clear();
          setAnchor(event.currentTarget);
        }}
      >
        <Badge variant="dot" color="error" invisible={!dot}>
          <QuestionAnswerOutlinedIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": t("title"),
            sx: {
              width: NOTIFICATION_POPOVER_PX,
              maxWidth: "calc(100vw - 16px)",
              maxHeight: NOTIFICATION_POPOVER_PX,
              display: "flex",
              flexDirection: "column",
            },
          },
        }}
      >
        <Suspense
          fallback={
            <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
              <CircularProgress size={24} aria-label={t("common:loading")} />
            </Box>
          }
        >
          <ChatsPopoverPanel onClose={close} />
        </Suspense>
      </Popover>
    </>
  );
}
