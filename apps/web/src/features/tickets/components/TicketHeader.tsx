import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import ButtonBase from "@mui/material/ButtonBase";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import type { TicketDTO } from "../api/ticketTypes";
import { TicketActions } from "./TicketActions";

interface TicketHeaderProps {
  ticket: TicketDTO;
  onOpenContact(): void;
}

/**
 * Contact (click: the contact drawer), the campaign it answers, protocol with copy, assigned
 * user, the actions.
 */
export function TicketHeader({ ticket, onOpenContact }: TicketHeaderProps) {
  const { t } = useTranslation(["tickets", "campaigns"]);
  const copyProtocol = () => {
    navigator.clipboard
      .writeText(String(ticket.protocol))
      .then(() => toast.success(t("view.protocolCopied")), toastError);
  };
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        px: 1.5,
        py: 1,
        borderBottom: 1,
        borderColor: "divider",
        flexWrap: "wrap",
      }}
    >
      <ButtonBase
        onClick={onOpenContact}
        aria-label={t("view.openContact", { name: ticket.contact.name })}
        sx={{
          display: "flex",
          gap: 1.5,
          alignItems: "center",
          borderRadius: 1,
          textAlign: "left",
          minWidth: 0,
          flex: "1 1 220px",
          justifyContent: "flex-start",
        }}
      >
        <Avatar src={ticket.contact.profilePicUrl || undefined} alt={ticket.contact.name} />
        <Box sx={{ minWidth: 0 }}>
          <Typography noWrap sx={{ fontWeight: 600 }}>
            {ticket.contact.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {ticket.user ? t("view.assignedTo", { name: ticket.user.name }) : t("view.unassigned")}
          </Typography>
        </Box>
      </ButtonBase>
      {ticket.campaign && (
        <Chip
          size="small"
          variant="outlined"
          color="secondary"
          label={t("campaigns:ticketChip", { name: ticket.campaign.name })}
        />
      )}
      <Box sx={{ display: "flex", alignItems: "center" }}>
        <Typography variant="body2" color="text.secondary">
          {t("view.protocol", { protocol: ticket.protocol })}
        </Typography>
        <Tooltip title={t("view.copyProtocol")}>
          <IconButton size="small" aria-label={t("view.copyProtocol")} onClick={copyProtocol}>
            <ContentCopyIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ ml: "auto" }}>
        <TicketActions ticket={ticket} />
      </Box>
    </Box>
  );
}
