import type { ChatDTO } from "@atrium/shared";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { ticketTime } from "../../tickets/lib/ticketTime";

interface ChatListItemProps {
  chat: ChatDTO;
  unreads: number;
  selected: boolean;
  /** The owner's edit and delete buttons (admin-operator §6). */
  canManage: boolean;
  onOpen(chat: ChatDTO): void;
  onEdit(chat: ChatDTO): void;
  onDelete(chat: ChatDTO): void;
}

/** One chat: title, last message, update time, my unread count, the owner's actions. */
export function ChatListItem(props: ChatListItemProps) {
  const { chat, unreads, selected, canManage, onOpen, onEdit, onDelete } = props;
  const { t } = useTranslation("chats");
  return (
    <ListItem
      disablePadding
      divider
      secondaryAction={
        canManage ? (
          <Box sx={{ display: "flex" }}>
            <IconButton
              size="small"
              aria-label={t("list.edit", { title: chat.title })}
              onClick={() => onEdit(chat)}
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              edge="end"
              aria-label={t("list.delete", { title: chat.title })}
              onClick={() => onDelete(chat)}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </Box>
        ) : undefined
      }
      sx={canManage ? { "& .MuiListItemButton-root": { pr: 10 } } : undefined}
    >
      <ListItemButton
        selected={selected}
        onClick={() => onOpen(chat)}
        aria-current={selected ? "page" : undefined}
      >
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: "flex", alignItems: "baseline", gap: 1 }}>
            <Typography noWrap sx={{ flex: 1, fontWeight: unreads > 0 ? 700 : 500 }}>
              {chat.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {ticketTime(chat.updatedAt)}
            </Typography>
          </Box>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, minHeight: 22 }}>
            <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1 }}>
              {chat.lastMessage || t("list.noMessages")}
            </Typography>
            {unreads > 0 && (
              <Box
                component="span"
                role="status"
                aria-label={t("list.unread", { count: unreads })}
                sx={{
                  bgcolor: "primary.main",
                  color: "primary.contrastText",
                  borderRadius: 10,
                  minWidth: 20,
                  px: 0.75,
                  fontSize: 12,
                  fontWeight: 600,
                  lineHeight: "20px",
                  textAlign: "center",
                }}
              >
                {unreads > 99 ? "99+" : unreads}
              </Box>
            )}
          </Box>
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
