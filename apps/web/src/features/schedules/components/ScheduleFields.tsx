import { MESSAGE_TYPES } from "@atrium/shared";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { useQueueOptions } from "../../tickets/hooks/useQueueOptions";
import type { ScheduleFormValues } from "../hooks/useScheduleForm";
import { ContactPicker } from "./ContactPicker";
import { validationText } from "../../../app/validation";
import { DateTimeField } from "../../../components/form/DateTimeField";

interface Props {
  form: UseFormReturn<ScheduleFormValues>;
  contactLocked: boolean;
}

export function ScheduleFields({ form, contactLocked }: Props) {
  const { t } = useTranslation("schedules");
  const { queues } = useQueueOptions();
  return (
    <Stack spacing={2}>
      <Controller
        control={form.control}
        name="contact"
        render={({ field }) => (
          <ContactPicker
            value={field.value}
            disabled={contactLocked}
            error={validationText(form.formState.errors.contactId?.message)}
            onChange={(contact) => {
              field.onChange(contact);
              form.setValue("contactId", contact?.id ?? null);
            }}
          />
        )}
      />
      <TextField
        label={t("dialog.body")}
        multiline
        minRows={4}
        fullWidth
        {...textFieldProps(form, "body")}
      />
      <Controller
        control={form.control}
        name="sendAt"
        render={({ field, fieldState }) => (
          <DateTimeField
            id="field-sendAt"
            label={t("dialog.sendAt")}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={validationText(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="messageType"
        render={({ field }) => (
          <TextField select label={t("dialog.messageType")} fullWidth {...field}>
            {MESSAGE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`messageTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="queueId"
        render={({ field }) => (
          <TextField select label={t("dialog.queue")} fullWidth {...field}>
            <MenuItem value="">{t("dialog.noQueue")}</MenuItem>
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        control={form.control}
        name="openTicket"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
            }
            label={t("dialog.openTicket")}
          />
        )}
      />
    </Stack>
  );
}
