import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Box from "@mui/material/Box";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { validationText } from "../../../app/validation";
import { SubmitButton } from "../../../components/form/SubmitButton";
import { maskTime } from "../../../components/form/timeMask";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { CampaignSettingsDTO } from "../api/campaignsApi";
import { NUMBER_FIELDS, useCampaignSettingsForm } from "../hooks/useCampaignSettings";
import { OptOutWordsField } from "./OptOutWordsField";
import { WeekdayChips } from "./WeekdayChips";

const HOURS = ["allowedHoursStart", "allowedHoursEnd"] as const;

export function CampaignSettingsForm({ settings }: { settings: CampaignSettingsDTO }) {
  const { t } = useTranslation(["campaigns", "common"]);
  const { form, onSubmit, saving } = useCampaignSettingsForm(settings);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t("settings.formLabel")}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t("settings.intervals")}
      </Typography>
      <Grid container spacing={2}>
        {NUMBER_FIELDS.map((name) => (
          <Grid key={name} size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              label={t(`settings.${name}`)}
              type="number"
              fullWidth
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              {...textFieldProps(form, name)}
            />
          </Grid>
        ))}
      </Grid>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t("settings.intervalHint")} {t("settings.longerIntervalAfterHint")}
      </Typography>
      <Typography variant="subtitle1" sx={{ mt: 3, mb: 1 }}>
        {t("settings.hours")}
      </Typography>
      <Grid container spacing={2}>
        {HOURS.map((name) => (
          <Grid key={name} size={{ xs: 6, md: 3 }}>
            <Controller
              control={form.control}
              name={name}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  id={`field-${name}`}
                  onChange={(event) => field.onChange(maskTime(event.target.value))}
                  label={t(`settings.${name}`)}
                  placeholder="00:00"
                  fullWidth
                  error={Boolean(fieldState.error)}
                  helperText={validationText(fieldState.error?.message)}
                  slotProps={{ htmlInput: { inputMode: "numeric" } }}
                />
              )}
            />
          </Grid>
        ))}
      </Grid>
      <Controller
        control={form.control}
        name="allowedDays"
        render={({ field, fieldState }) => (
          <WeekdayChips
            value={field.value}
            onChange={field.onChange}
            error={validationText(fieldState.error?.message)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="optOutWords"
        render={({ field, fieldState }) => (
          <OptOutWordsField
            value={field.value}
            onChange={field.onChange}
            error={validationText(fieldState.error?.message)}
          />
        )}
      />
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 3 }}>
        <SubmitButton saving={saving}>{t("common:actions.save")}</SubmitButton>
      </Box>
    </form>
  );
}
