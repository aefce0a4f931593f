import { contactListItemSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/ApiError";
import { toastError } from "../../../api/toastError";
import { SubmitButton } from "../../../components/form/SubmitButton";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { ContactListItemDTO, ContactListItemPayload } from "../api/contactListsApi";
import { useSaveContactListItem } from "../hooks/useContactListItems";

const FIELDS = ["name", "number", "email"] as const;

interface Props {
  contactListId: number;
  item?: ContactListItemDTO;
  onClose(): void;
}

/** A list item: name, number, e-mail; the server's field errors show under their fields. */
export function ContactListItemDialog({ contactListId, item, onClose }: Props) {
  const { t } = useTranslation(["campaigns", "common"]);
  const form = useForm<ContactListItemPayload>({
    resolver: zodResolver(contactListItemSchema) as unknown as Resolver<ContactListItemPayload>,
    defaultValues: {
      contactListId,
      name: item?.name ?? "",
      number: item?.number ?? "",
      email: item?.email ?? "",
    },
  });
  const save = useSaveContactListItem(onClose, (err) => {
    if (err instanceof ApiError) {
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        const name = FIELDS.find((known) => known === field);
        if (name) form.setError(name, { message });
      }
    }
    toastError(err);
  });
  const onSubmit = form.handleSubmit(async (payload) => {
    await save.mutateAsync({ id: item?.id, payload }).catch(() => undefined);
  });
  const saving = form.formState.isSubmitting;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="contact-list-item-title"
    >
      <DialogTitle id="contact-list-item-title">
        {t(item ? "items.dialog.editTitle" : "items.dialog.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            {FIELDS.map((name, index) => (
              <TextField
                key={name}
                label={t(`items.dialog.${name}`)}
                autoFocus={index === 0}
                fullWidth
                {...textFieldProps(form, name)}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>
            {t(item ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
