import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { Spinner } from "../../../components/Spinner";
import type { ContactDTO } from "../api/contactsApi";
import { useContactForm } from "../hooks/useContactForm";
import { ContactExtraInfoFields } from "./ContactExtraInfoFields";
import { ContactTagsField } from "./ContactTagsField";
import { SubmitButton } from "../../../components/form/SubmitButton";

export type { ContactDTO } from "../api/contactsApi";

export interface ContactFormDialogProps {
  open: boolean;
  /** Absent: a new contact (optionally prefilled). Present: edit that contact. */
  contactId?: number;
  initialValues?: { name?: string; number?: string };
  onClose(): void;
  onSaved(contact: ContactDTO): void;
}

/** Add/edit a contact (agent-core §2 "Contact form dialog", §5 contact form rules). */
export function ContactFormDialog({
  open,
  contactId,
  initialValues,
  onClose,
  onSaved,
}: ContactFormDialogProps) {
  const { t } = useTranslation(["contacts", "common"]);
  const { form, onSubmit, isEdit, loading, saving } = useContactForm({
    open,
    contactId,
    initialValues,
    onClose,
    onSaved,
  });

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="contact-modal-title"
    >
      <DialogTitle id="contact-modal-title">
        {t(isEdit ? "contactModal.editTitle" : "contactModal.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          {loading ? (
            <Spinner />
          ) : (
            <Stack spacing={2}>
              <TextField
                {...textFieldProps(form, "name")}
                label={t("contactModal.name")}
                autoFocus
                required
                fullWidth
              />
              <TextField
                {...textFieldProps(form, "number")}
                label={t("contactModal.number")}
                placeholder="5541998608485"
                inputMode="tel"
                required
                fullWidth
              />
              <TextField
                {...textFieldProps(form, "email")}
                label={t("contactModal.email")}
                type="email"
                fullWidth
              />
              <TextField
                {...textFieldProps(form, "document")}
                label={t("contactModal.document")}
                fullWidth
              />
              <ContactTagsField form={form} />
              <ContactExtraInfoFields form={form} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving} disabled={loading}>
            {t(isEdit ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
