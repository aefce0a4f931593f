import Avatar from "@mui/material/Avatar";
import List from "@mui/material/List";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import type { NotificationTicket } from "../api/notificationsApi";

const pad = (n: number) => String(n).padStart(2, "0");

/** HH:mm for today, dd/MM/yyyy otherwise (the ticket list's rule, agent-core §9). */
export function formatTicketTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString()) {
    return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

interface NotificationsListProps {
  tickets: NotificationTicket[];
  onOpen(ticket: NotificationTicket): void;
}

/** One row per unread ticket: contact, last message, time. */
export function NotificationsList({ tickets, onOpen }: NotificationsListProps) {
  return (
    <List dense disablePadding>
      {tickets.map((ticket) => (
        <ListItemButton key={ticket.id} divider onClick={() => onOpen(ticket)}>
          <ListItemAvatar sx={{ minWidth: 48 }}>
            <Avatar src={ticket.contact.profilePicUrl || undefined} alt={ticket.contact.name}>
              {ticket.contact.name.charAt(0).toUpperCase()}
            </Avatar>
          </ListItemAvatar>
          <ListItemText
            primary={ticket.contact.name}
            secondary={ticket.lastMessage}
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
            {formatTicketTime(ticket.updatedAt)}
          </Typography>
        </ListItemButton>
      ))}
    </List>
  );
}
