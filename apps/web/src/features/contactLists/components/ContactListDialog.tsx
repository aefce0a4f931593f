import { contactListSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "../../../components/form/SubmitButton";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { ContactListDTO } from "../api/contactListsApi";
import { useSaveContactList } from "../hooks/useContactLists";

/** 'Lista de contatos': its name only (the items are added on the list's own screen). */
export function ContactListDialog({ list, onClose }: { list?: ContactListDTO; onClose(): void }) {
  const { t } = useTranslation(["campaigns", "common"]);
  const save = useSaveContactList(onClose);
  const form = useForm<{ name: string }>({
    resolver: zodResolver(contactListSchema),
    defaultValues: { name: list?.name ?? "" },
  });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    await save.mutateAsync({ id: list?.id, name }).catch(() => undefined);
  });
  const saving = form.formState.isSubmitting;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="contact-list-title"
    >
      <DialogTitle id="contact-list-title">
        {t(list ? "contactLists.dialog.editTitle" : "contactLists.dialog.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <TextField
            label={t("contactLists.dialog.name")}
            autoFocus
            fullWidth
            {...textFieldProps(form, "name")}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>
            {t(list ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
