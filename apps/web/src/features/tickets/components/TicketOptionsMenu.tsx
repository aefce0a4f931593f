import { can } from "@atrium/shared";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useAuth } from "../../auth/hooks/useAuth";
import type { TicketDTO } from "../api/ticketTypes";

const ScheduleDialog = lazy(async () => ({
  default: (await import("../../schedules/components/ScheduleDialog")).ScheduleDialog,
}));
const TransferTicketDialog = lazy(async () => ({
  default: (await import("./TransferTicketDialog")).TransferTicketDialog,
}));

interface TicketOptionsMenuProps {
  ticket: TicketDTO;
  deleting: boolean;
  onDelete(): void;
}

/** 'Agendar mensagem', 'Transferir' and (ticket-options:deleteTicket) 'Deletar'. */
export function TicketOptionsMenu({ ticket, deleting, onDelete }: TicketOptionsMenuProps) {
  const { t } = useTranslation("tickets");
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<"schedule" | "transfer" | "delete" | null>(null);
  const choose = (next: "schedule" | "transfer" | "delete") => {
    setAnchor(null);
    setDialog(next);
  };

  return (
    <>
      <IconButton
        aria-label={t("options.open")}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => choose("schedule")}>{t("options.schedule")}</MenuItem>
        <MenuItem onClick={() => choose("transfer")}>{t("options.transfer")}</MenuItem>
        {can(user, "ticket-options:deleteTicket") && (
          <MenuItem onClick={() => choose("delete")}>{t("options.delete")}</MenuItem>
        )}
      </Menu>
      {dialog === "schedule" && (
        <Suspense fallback={null}>
          <ScheduleDialog
            contact={{ id: ticket.contact.id, name: ticket.contact.name }}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog === "transfer" && (
        <Suspense fallback={null}>
          <TransferTicketDialog ticket={ticket} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={dialog === "delete"}
        title={t("options.confirmDelete.title", { name: ticket.contact.name })}
        message={t("options.confirmDelete.message")}
        confirmLabel={t("options.delete")}
        busy={deleting}
        onConfirm={onDelete}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
