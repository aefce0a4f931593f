import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AttachmentField, type StoredFile } from "../../../components/form/AttachmentField";
import { ColorField } from "../../../components/form/ColorField";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { QueueFormValues } from "../hooks/useQueueForm";
import { validationText } from "../../../app/validation";

interface Props {
  form: UseFormReturn<QueueFormValues>;
  withHours: boolean;
  stored: StoredFile | null;
  file: File | null;
  onPick(file: File | null): void;
  onRemove?(): void;
  removing: boolean;
}

/** 'Dados da Fila': name, colour, greeting, file, out-of-hours message (scheduleType queue). */
export function QueueDataFields({
  form,
  withHours,
  stored,
  file,
  onPick,
  onRemove,
  removing,
}: Props) {
  const { t } = useTranslation("queues");
  return (
    <Stack spacing={2}>
      <TextField label={t("modal.name")} autoFocus fullWidth {...textFieldProps(form, "name")} />
      <Controller
        control={form.control}
        name="color"
        render={({ field, fieldState }) => (
          <ColorField
            id="field-color"
            label={t("modal.color")}
            pickerLabel={t("modal.pickColor")}
            value={field.value}
            error={validationText(fieldState.error?.message)}
            onChange={field.onChange}
          />
        )}
      />
      <TextField
        label={t("modal.greeting")}
        multiline
        minRows={4}
        fullWidth
        {...textFieldProps(form, "greetingMessage")}
      />
      {withHours && (
        <TextField
          label={t("modal.outOfHours")}
          multiline
          minRows={4}
          fullWidth
          {...textFieldProps(form, "outOfHoursMessage")}
        />
      )}
      <AttachmentField
        current={stored}
        pendingFile={file}
        onPick={onPick}
        onRemove={onRemove}
        removing={removing}
      />
    </Stack>
  );
}
