import QuestionAnswerOutlinedIcon from "@mui/icons-material/QuestionAnswerOutlined";
import Badge from "@mui/material/Badge";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { TopBarPopover } from "../../../components/TopBarPopover";
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
  const { t } = useTranslation("chats");
  const { dot, clear } = useChatsDot(useChatsUnreadTotal());
  return (
    <TopBarPopover
      label={t(dot ? "popover.openUnread" : "popover.open")}
      title={t("title")}
      onOpen={clear}
      icon={
        <Badge variant="dot" color="error" invisible={!dot}>
          <QuestionAnswerOutlinedIcon />
        </Badge>
      }
    >
      {(close) => <ChatsPopoverPanel onClose={close} />}
    </TopBarPopover>
  );
}
