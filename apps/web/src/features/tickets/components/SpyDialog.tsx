import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useTranslation } from "react-i18next";
import { MessagesList } from "../../messages/components/MessagesList";
import type { TicketDTO } from "../api/ticketTypes";

interface SpyDialogProps {
  ticket: TicketDTO;
  meId: number;
  onClose(): void;
}

/** The supervisor view (admins): the ticket's messages, read-only, nothing marked read. */
export function SpyDialog({ ticket, meId, onClose }: SpyDialogProps) {
  const { t } = useTranslation(["tickets", "common"]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="spy-dialog-title">
      <DialogTitle id="spy-dialog-title">
        {t("spy.title", { name: ticket.contact.name })}
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, height: "70vh", display: "flex" }}>
        <MessagesList ticketId={ticket.id} contactId={ticket.contactId} meId={meId} view="spy" />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common:actions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
