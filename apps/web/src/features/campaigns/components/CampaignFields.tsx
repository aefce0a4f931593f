import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { validationText } from "../../../app/validation";
import { DateTimeField } from "../../../components/form/DateTimeField";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { useConnections } from "../../connections/hooks/useConnections";
import type { CampaignFormValues } from "../lib/campaignRules";
import { CampaignMessageTabs } from "./CampaignMessageTabs";
import { CampaignRecipientFields } from "./CampaignRecipientFields";

/** What a campaign message may say about its contact (channels/templates.ts). */
export const CAMPAIGN_VARIABLES = ["{nome}", "{numero}", "{email}", "{saudacao}"];

/** Nome, Conexão, recipients, messages, the confirmation flow and the start time. */
export function CampaignFields({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const { t } = useTranslation("campaigns");
  const connections = useConnections().data ?? [];
  const confirmation = form.watch("confirmation");
  const whatsappError = validationText(form.formState.errors.whatsappId?.message);
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label={t("dialog.name")}
            fullWidth
            autoFocus
            {...textFieldProps(form, "name")}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={form.control}
            name="whatsappId"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                id="field-whatsappId"
                label={t("dialog.whatsapp")}
                value={field.value}
                onChange={(event) => field.onChange(Number(event.target.value))}
                onBlur={field.onBlur}
                error={Boolean(whatsappError)}
                helperText={whatsappError}
              >
                {connections.map((connection) => (
                  <MenuItem key={connection.id} value={connection.id}>
                    {connection.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      </Grid>
      <CampaignRecipientFields form={form} />
      <Box>
        <CampaignMessageTabs
          form={form}
          name="messages"
          label={t("dialog.messagesLabel")}
          tabKey="dialog.message"
        />
        <FormHelperText>
          {t("dialog.variablesHint", { variables: CAMPAIGN_VARIABLES.join(", ") })}
        </FormHelperText>
      </Box>
      <Controller
        control={form.control}
        name="confirmation"
        render={({ field }) => (
          <FormControlLabel
            label={t("dialog.confirmation")}
            control={
              <Switch
                checked={field.value}
                onChange={(_event, checked) => field.onChange(checked)}
                name={field.name}
              />
            }
          />
        )}
      />
      {confirmation && (
        <>
          <CampaignMessageTabs
            form={form}
            name="confirmationMessages"
            label={t("dialog.confirmationMessagesLabel")}
            tabKey="dialog.confirmationMessage"
          />
          <TextField
            label={t("dialog.confirmationReply")}
            fullWidth
            {...textFieldProps(form, "confirmationReply")}
            helperText={
              textFieldProps(form, "confirmationReply").helperText ?? t("dialog.confirmationHint")
            }
          />
        </>
      )}
      <Controller
        control={form.control}
        name="scheduledAt"
        render={({ field, fieldState }) => (
          <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
            <DateTimeField
              id="field-scheduledAt"
              label={t("dialog.scheduledAt")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={validationText(fieldState.error?.message) ?? t("dialog.sendNowHint")}
            />
            <Button sx={{ mt: 1 }} disabled={!field.value} onClick={() => field.onChange("")}>
              {t("dialog.sendNow")}
            </Button>
          </Box>
        )}
      />
    </>
  );
}
