import { quickMessageSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AttachmentField } from "../../../components/form/AttachmentField";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { useAuth } from "../../auth/hooks/useAuth";
import type { QuickMessagePayload, QuickMessageRecord } from "../api/quickMessagesApi";
import { useRemoveQuickMessageFile, useSaveQuickMessage } from "../hooks/useQuickMessageMutations";
import { SubmitButton } from "../../../components/form/SubmitButton";

interface Props {
  record?: QuickMessageRecord;
  onClose(): void;
}

/** 'Mensagem Rápida' (admin-operator §2.9): shortcode ≥ 3, message, optional file. */
export function QuickMessageDialog({ record, onClose }: Props) {
  const { t } = useTranslation(["quickMessages", "common"]);
  const { isAdmin } = useAuth();
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState(record?.file ?? null);
  const save = useSaveQuickMessage(onClose);
  const removeFile = useRemoveQuickMessageFile((saved) => setStored(saved.file));
  const form = useForm<QuickMessagePayload>({
    resolver: zodResolver(quickMessageSchema) as unknown as Resolver<QuickMessagePayload>,
    defaultValues: {
      shortcode: record?.shortcode ?? "",
      message: record?.message ?? "",
      global: record?.global ?? false,
    },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save.mutateAsync({ id: record?.id, payload: values, file }).catch(() => undefined);
  });
  const saving = form.formState.isSubmitting;

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="qm-title"
    >
      <DialogTitle id="qm-title">{t("dialog.title")}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              label={t("dialog.shortcode")}
              autoFocus
              fullWidth
              {...textFieldProps(form, "shortcode")}
            />
            <TextField
              label={t("dialog.message")}
              multiline
              minRows={5}
              fullWidth
              {...textFieldProps(form, "message")}
            />
            {isAdmin && (
              <Controller
                control={form.control}
                name="global"
                render={({ field }) => (
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={field.value}
                        onChange={(e) => field.onChange(e.target.checked)}
                      />
                    }
                    label={t("dialog.global")}
                  />
                )}
              />
            )}
            <AttachmentField
              current={stored}
              pendingFile={file}
              onPick={setFile}
              onRemove={record ? () => removeFile.mutate(record.id) : undefined}
              removing={removeFile.isPending}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>
            {t(record ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
