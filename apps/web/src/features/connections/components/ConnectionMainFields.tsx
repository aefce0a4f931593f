import { CHANNEL_TYPES } from "@atrium/shared";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { queuesApi, queuesKeys } from "../../queues/api/queuesApi";
import { QueueMultiSelect } from "../../queues/components/QueueMultiSelect";
import { CREATABLE_CHANNELS } from "../api/connectionRules";
import type { ConnectionFormValues } from "../hooks/connectionFormValues";

interface Props {
  form: UseFormReturn<ConnectionFormValues>;
  isEdit: boolean;
}

/** Name, channel (fixed once created), default flag, queues and API token. */
export function ConnectionMainFields({ form, isEdit }: Props) {
  const { t } = useTranslation("connections");
  const queues = useQuery({
    queryKey: queuesKeys.list(),
    queryFn: ({ signal }) => queuesApi.list(undefined, signal),
  });
  return (
    <>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          {...textFieldProps(form, "name")}
          label={t("dialog.name")}
          autoFocus
          required
          fullWidth
        />
        <Controller
          control={form.control}
          name="channelType"
          render={({ field }) => (
            <TextField
              {...field}
              select
              label={t("dialog.channelType")}
              disabled={isEdit}
              fullWidth
            >
              {CHANNEL_TYPES.map((type) => {
                const available = isEdit || CREATABLE_CHANNELS.includes(type);
                return (
                  <MenuItem key={type} value={type} disabled={!available}>
                    {available
                      ? t(`channels.${type}`)
                      : t("dialog.channelSoon", { channel: t(`channels.${type}`) })}
                  </MenuItem>
                );
              })}
            </TextField>
          )}
        />
      </Stack>
      <Controller
        control={form.control}
        name="isDefault"
        render={({ field }) => (
          <FormControlLabel
            label={t("dialog.isDefault")}
            control={
              <Switch
                checked={field.value}
                onChange={(_event, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                name={field.name}
              />
            }
          />
        )}
      />
      <Controller
        control={form.control}
        name="queueIds"
        render={({ field }) => (
          <QueueMultiSelect
            label={t("dialog.queues")}
            queues={queues.data ?? []}
            value={field.value}
            onChange={field.onChange}
            disabled={queues.isPending}
          />
        )}
      />
      <TextField
        {...textFieldProps(form, "token")}
        label={t("dialog.token")}
        helperText={form.formState.errors.token?.message ?? t("dialog.tokenHint")}
        autoComplete="off"
        fullWidth
      />
    </>
  );
}
