import AndroidIcon from "@mui/icons-material/Android";
import PersonOutlineIcon from "@mui/icons-material/PersonOutlineOutlined";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import Avatar from "@mui/material/Avatar";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatText } from "../../messages/lib/formatText";
import type { TicketDTO } from "../api/ticketTypes";
import { ticketTime } from "../lib/ticketTime";

export const NO_QUEUE_COLOR = "#7c7c7c";

interface TicketRowProps {
  ticket: TicketDTO;
  selected: boolean;
  canSpy: boolean;
  accepting: boolean;
  onOpen(ticket: TicketDTO): void;
  onAccept(ticket: TicketDTO): void;
  onSpy(ticket: TicketDTO): void;
}

/** One ticket of the manager's lists (agent-core §2 "Ticket row"). */
export function TicketRow({
  ticket,
  selected,
  canSpy,
  accepting,
  onOpen,
  onAccept,
  onSpy,
}: TicketRowProps) {
  const { t } = useTranslation("tickets");
  const pending = ticket.status === "pending";
  const queueName = ticket.queue?.name ?? t("row.noQueue");
  const content = (
    <>
      <Tooltip title={queueName} placement="right">
        <Box
          aria-label={queueName}
          sx={{
            position: "absolute",
            left: 0,
            top: 0,
            bottom: 0,
            width: 6,
            bgcolor: ticket.queue?.color ?? NO_QUEUE_COLOR,
          }}
        />
      </Tooltip>
      <Avatar src={ticket.contact.profilePicUrl || undefined} alt={ticket.contact.name} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
          <Typography noWrap sx={{ fontWeight: 500, flex: 1, minWidth: 0 }}>
            {ticket.contact.name}
          </Typography>
          {ticket.status === "closed" && (
            <Chip size="small" label={t("row.closed")} color="success" variant="outlined" />
          )}
          {ticket.awaitingRating && (
            <Chip size="small" label={t("row.awaitingRating")} color="warning" variant="outlined" />
          )}
          {ticket.user && (
            <Tooltip title={t("row.assignedTo", { name: ticket.user.name })}>
              <PersonOutlineIcon
                fontSize="small"
                color="action"
                aria-label={t("row.assignedTo", { name: ticket.user.name })}
              />
            </Tooltip>
          )}
          {ticket.chatbot && (
            <Tooltip title={t("row.chatbot")}>
              <AndroidIcon fontSize="small" color="action" aria-label={t("row.chatbot")} />
            </Tooltip>
          )}
          {canSpy && (
            <Tooltip title={t("row.spy")}>
              <IconButton
                size="small"
                sx={{ p: 0.25 }}
                aria-label={t("row.spyContact", { name: ticket.contact.name })}
                onClick={(event) => {
                  event.stopPropagation();
                  onSpy(ticket);
                }}
              >
                <VisibilityOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          <Typography
            variant="caption"
            color={ticket.unreadMessages > 0 ? "success.main" : "text.secondary"}
            sx={{ whiteSpace: "nowrap" }}
          >
            {ticketTime(ticket.updatedAt)}
          </Typography>
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, minHeight: 24 }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {formatText(ticket.lastMessage ?? "")}
          </Typography>
          {ticket.unreadMessages > 0 && (
            <Badge
              color="success"
              badgeContent={ticket.unreadMessages}
              aria-label={t("row.unread", { count: ticket.unreadMessages })}
              sx={{ mx: 1.5 }}
            />
          )}
          {pending && (
            <Button
              size="small"
              variant="contained"
              disabled={accepting}
              onClick={(event) => {
                event.stopPropagation();
                onAccept(ticket);
              }}
            >
              {t("row.accept")}
            </Button>
          )}
        </Box>
      </Box>
    </>
  );
  const sx = {
    pl: 2,
    pr: 1,
    py: 1,
    gap: 1.5,
    alignItems: "flex-start",
    position: "relative",
  } as const;
  // A pending ticket is not opened by a click: it must be accepted first.
  return pending ? (
    <ListItem divider data-testid={`ticket-row-${ticket.id}`} sx={sx}>
      {content}
    </ListItem>
  ) : (
    <ListItemButton
      selected={selected}
      divider
      onClick={() => onOpen(ticket)}
      data-testid={`ticket-row-${ticket.id}`}
      sx={sx}
    >
      {content}
    </ListItemButton>
  );
}
