import type { ChatDTO } from "@atrium/shared";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { ticketTime } from "../../tickets/lib/ticketTime";

interface ChatsPopoverListProps {
  chats: ChatDTO[];
  onOpen(chat: ChatDTO): void;
}

/** One row per chat: title, last message, update time. */
export function ChatsPopoverList({ chats, onOpen }: ChatsPopoverListProps) {
  const { t } = useTranslation("chats");
  return (
    <List dense disablePadding aria-label={t("list.label")}>
      {chats.map((chat) => (
        <ListItemButton key={chat.id} divider onClick={() => onOpen(chat)}>
          <ListItemText
            primary={chat.title}
            secondary={chat.lastMessage || t("list.noMessages")}
            slotProps={{
              primary: { noWrap: true, sx: { fontWeight: 600, pr: 6 } },
              secondary: { noWrap: true },
            }}
          />
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ position: "absolute", top: 8, right: 12 }}
          >
            {ticketTime(chat.updatedAt)}
          </Typography>
        </ListItemButton>
      ))}
    </List>
  );
}
