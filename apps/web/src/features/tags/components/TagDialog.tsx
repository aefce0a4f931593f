import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ColorField } from "../../../components/form/ColorField";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { TagRowDTO } from "../api/tagsApi";
import { useTagForm } from "../hooks/useTagForm";
import { SubmitButton } from "../../../components/form/SubmitButton";
import { validationText } from "../../../app/validation";

export function TagDialog({ tag, onClose }: { tag?: TagRowDTO; onClose(): void }) {
  const { t } = useTranslation(["tags", "common"]);
  const { form, onSubmit, saving } = useTagForm({ tag, onClose });
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="tag-dialog-title"
    >
      <DialogTitle id="tag-dialog-title">
        {t(tag ? "dialog.editTitle" : "dialog.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t("dialog.name")}
              autoFocus
              fullWidth
              {...textFieldProps(form, "name")}
            />
            <Controller
              control={form.control}
              name="color"
              render={({ field, fieldState }) => (
                <ColorField
                  id="field-color"
                  label={t("dialog.color")}
                  pickerLabel={t("dialog.pickColor")}
                  value={field.value}
                  error={validationText(fieldState.error?.message)}
                  onChange={field.onChange}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>
            {t(tag ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
