import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { CONNECTION_LIMIT_KEYS } from "../api/plansApi";
import type { usePlanForm } from "../hooks/usePlanForm";
import { SubmitButton } from "../../../components/form/SubmitButton";

type PlanFormState = ReturnType<typeof usePlanForm>;

const NUMBER_FIELDS = ["users", "queues", ...CONNECTION_LIMIT_KEYS] as const;

/**
 * Nome, Usuários, Filas, the five connection limits and Campanhas (issue #15); Clear, Delete,
 * Save (§2.4).
 */
export function PlanForm({ state, onDelete }: { state: PlanFormState; onDelete(): void }) {
  const { t } = useTranslation(["plans", "common"]);
  const { form, onSubmit, saving, editing, clear } = state;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t("formLabel")}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            label={t("fields.name")}
            fullWidth
            {...textFieldProps(form, "name")}
            id="plan-name"
          />
        </Grid>
        <Grid size={{ md: 6 }} sx={{ display: { xs: "none", md: "block" } }} />
        {NUMBER_FIELDS.map((name) => (
          <Grid key={name} size={{ xs: 6, sm: 3, md: "grow" }} sx={{ minWidth: 130 }}>
            <TextField
              label={t(`fields.${name}`)}
              type="number"
              fullWidth
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
              {...textFieldProps(form, name)}
              id={`plan-${name}`}
            />
          </Grid>
        ))}
        <Grid size={12}>
          <Controller
            control={form.control}
            name="useCampaigns"
            render={({ field }) => (
              <FormControlLabel
                label={t("fields.useCampaigns")}
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
