import FilterListIcon from "@mui/icons-material/FilterList";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { FormDateField } from "../../../components/form/FormDateField";
import type { DashboardQuery } from "../api/dashboardApi";
import { PERIOD_OPTIONS, type FilterMode } from "../api/dashboardFilter";
import { useDashboardFilter } from "../hooks/useDashboardFilter";

interface DashboardFilterProps {
  busy: boolean;
  onApply(query: DashboardQuery): void;
}

const FIELD_SX = { minWidth: { xs: "100%", sm: 180 } };

/** Filter type, dates or period, and 'Filtrar' (agent-core §2 "Dashboard"). */
export function DashboardFilter({ busy, onApply }: DashboardFilterProps) {
  const { t } = useTranslation("dashboard");
  const { form, mode, days, changeMode, changeDays, onSubmit } = useDashboardFilter(onApply);

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      aria-label={t("filter.title")}
      sx={{ p: 2, mb: 2, display: "flex", flexWrap: "wrap", gap: 2, alignItems: "flex-start" }}
    >
      <TextField
        select
        size="small"
        label={t("filter.type")}
        value={mode}
        onChange={(event) => changeMode(event.target.value as FilterMode)}
        sx={FIELD_SX}
      >
        <MenuItem value="date">{t("filter.byDate")}</MenuItem>
        <MenuItem value="period">{t("filter.byPeriod")}</MenuItem>
      </TextField>
      {mode === "date" ? (
        <>
          <FormDateField
            control={form.control}
            name="dateFrom"
            size="small"
            label={t("filter.dateFrom")}
            sx={FIELD_SX}
          />
          <FormDateField
            control={form.control}
            name="dateTo"
            size="small"
            label={t("filter.dateTo")}
            sx={FIELD_SX}
          />
        </>
      ) : (
        <TextField
          select
          size="small"
          label={t("filter.period")}
          value={days}
          onChange={(event) => changeDays(event.target.value)}
          sx={FIELD_SX}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t("filter.noPeriod")}</MenuItem>
          {PERIOD_OPTIONS.map((option) => (
            <MenuItem key={option} value={String(option)}>
              {t("filter.days", { count: option })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Button
        type="submit"
        variant="contained"
        startIcon={<FilterListIcon />}
        disabled={busy}
        sx={{ height: 40 }}
      >
        {t("filter.submit")}
      </Button>
    </Paper>
  );
}
