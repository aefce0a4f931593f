import { CHANNEL_TYPES } from "@atrium/shared";
import AutorenewIcon from "@mui/icons-material/Autorenew";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { queuesApi, queuesKeys } from "../../queues/api/queuesApi";
import { QueueMultiSelect } from "../../queues/components/QueueMultiSelect";
import { generateConnectionToken, type ConnectionFormValues } from "../hooks/connectionFormValues";
import { validationText } from "../../../app/validation";

/** The session library track; "beta" is the spec's default. */
const PROVIDERS = ["beta", "stable"] as const;

interface Props {
  form: UseFormReturn<ConnectionFormValues>;
  isEdit: boolean;
}

/** Name, channel (fixed once created), default flag, queues, API token and provider. */
export function ConnectionMainFields({ form, isEdit }: Props) {
  const { t } = useTranslation("connections");
  const channelType = useWatch({ control: form.control, name: "channelType" });
  // A generated token is set without a keystroke: its label must move up by itself.
  const token = useWatch({ control: form.control, name: "token" });
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
              {CHANNEL_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`channels.${type}`)}
                </MenuItem>
              ))}
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
        helperText={validationText(form.formState.errors.token?.message) ?? t("dialog.tokenHint")}
        autoComplete="off"
        fullWidth
        slotProps={{
          inputLabel: token ? { shrink: true } : undefined,
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Button
                  size="small"
                  startIcon={<AutorenewIcon />}
                  onClick={() =>
                    form.setValue("token", generateConnectionToken(), {
                      shouldDirty: true,
                      shouldValidate: true,
                    })
                  }
                >
                  {t("dialog.generateToken")}
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
      {channelType === "BAILEYS" && (
        <Controller
          control={form.control}
          name="provider"
          render={({ field }) => (
            <TextField {...field} select label={t("dialog.provider")} fullWidth>
              {PROVIDERS.map((provider) => (
                <MenuItem key={provider} value={provider}>
                  {t(`dialog.providers.${provider}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
    </>
  );
}
