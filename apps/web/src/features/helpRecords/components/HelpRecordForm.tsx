import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { useHelpRecords } from "../hooks/useHelpRecords";
import { SubmitButton } from "../../../components/form/SubmitButton";

type HelpRecordsState = ReturnType<typeof useHelpRecords>;

/** Title, Video code, Description, Version; Clear, Delete (editing only), Save (§2.12). */
export function HelpRecordForm({ state, onDelete }: { state: HelpRecordsState; onDelete(): void }) {
  const { t } = useTranslation(["helpRecords", "common"]);
  const { form, onSubmit, saving, editing, clear } = state;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t("formLabel")}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            id="help-title"
            label={t("fields.title")}
            fullWidth
            {...form.register("title")}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            id="help-video"
            label={t("fields.video")}
            fullWidth
            {...form.register("video")}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Controller
            control={form.control}
            name="version"
            render={({ field }) => (
              <TextField
                select
                id="help-version"
                label={t("fields.version")}
                fullWidth
                value={field.value}
                onChange={field.onChange}
              >
                <MenuItem value="1">{t("version", { version: 1 })}</MenuItem>
                <MenuItem value="2">{t("version", { version: 2 })}</MenuItem>
              </TextField>
            )}
          />
        </Grid>
        <Grid size={12}>
          <TextField
            id="help-description"
            label={t("fields.description")}
            fullWidth
            multiline
            minRows={3}
            {...form.register("description")}
          />
        </Grid>
        <Grid size={12} sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
          <Button onClick={clear} disabled={saving}>
            {t("actions.clear")}
          </Button>
          {editing && (
            <Button color="error" variant="outlined" onClick={onDelete} disabled={saving}>
              {t("common:actions.delete")}
            </Button>
          )}
          <SubmitButton saving={saving}>{t("common:actions.save")}</SubmitButton>
        </Grid>
      </Grid>
    </form>
  );
}
