import { ANNOUNCEMENT_CATEGORIES } from "@atrium/shared";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { AnnouncementFormValues } from "./AnnouncementDialog";
import { validationText } from "../../../app/validation";

export function AnnouncementFields({ form }: { form: UseFormReturn<AnnouncementFormValues> }) {
  const { t } = useTranslation("announcements");
  const select = (name: "priority" | "category" | "status", options: (string | number)[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          id={`field-${name}`}
          label={t(`dialog.${name}`)}
          value={String(field.value)}
          onChange={(event) => field.onChange(event.target.value)}
          error={Boolean(fieldState.error)}
          helperText={validationText(fieldState.error?.message)}
        >
          {options.map((option) => (
            <MenuItem key={String(option)} value={String(option)}>
              {t(`values.${name}.${String(option)}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <TextField
          label={t("dialog.title")}
          autoFocus
          fullWidth
          {...textFieldProps(form, "title")}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          label={t("dialog.text")}
          multiline
          minRows={4}
          fullWidth
          {...textFieldProps(form, "text")}
        />
      </Grid>
      <Grid size={12}>
        <TextField label={t("dialog.link")} fullWidth {...textFieldProps(form, "link")} />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("priority", ["1", "2", "3"])}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("category", [...ANNOUNCEMENT_CATEGORIES])}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("status", ["true", "false"])}</Grid>
    </Grid>
  );
}
