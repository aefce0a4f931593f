import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { NoteTarget, TicketNoteDTO } from "../api/notesApi";
import { useTicketNotes } from "../hooks/useTicketNotes";
import { TicketNotesList } from "./TicketNotesList";

/** Private notes of a ticket/contact (agent-core §2 "Ticket notes"): form, then the list. */
export function TicketNotes({ contactId, ticketId }: NoteTarget) {
  const { t } = useTranslation(["contacts", "common"]);
  const { notes, loading, form, onSubmit, saving, remove } = useTicketNotes({
    contactId,
    ticketId,
  });
  const [toDelete, setToDelete] = useState<TicketNoteDTO | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
  };

  return (
    <Box>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ mb: 1 }}>
        <TextField
          {...textFieldProps(form, "note")}
          label={t("notes.field")}
          placeholder={t("notes.placeholder")}
          multiline
          minRows={2}
          maxRows={5}
          fullWidth
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1 }}>
          <Button
            type="submit"
            variant="contained"
            size="small"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={14} color="inherit" /> : undefined}
          >
            {t("common:actions.save")}
          </Button>
        </Box>
      </Box>
      <TicketNotesList notes={notes} loading={loading} onDelete={setToDelete} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("notes.confirmDelete")}
        confirmLabel={t("common:actions.delete")}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
