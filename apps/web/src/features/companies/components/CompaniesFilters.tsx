import { CHANNEL_TYPES, PAYMENT_STATUSES, type ChannelType } from "@atrium/shared";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { InstanceDTO } from "../api/companiesApi";
import { DateField } from "../../../components/form/DateField";
import { DUE_PRESETS, type CompanyFilters } from "../lib/companyFilters";

interface CompaniesFiltersProps {
  filters: CompanyFilters;
  instances: InstanceDTO[];
  onChange(next: CompanyFilters): void;
}

const cell = { xs: 12, sm: 6, md: 3, lg: 2 } as const;

/** The table's filters (admin-operator §2.3), shown while no company is selected. */
export function CompaniesFilters({ filters, instances, onChange }: CompaniesFiltersProps) {
  const { t } = useTranslation(["companies", "connections"]);
  const set = <K extends keyof CompanyFilters>(key: K, value: CompanyFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const select = (
    key: keyof CompanyFilters,
    label: string,
    options: { value: string | number; label: string }[],
  ): ReactNode => (
    <TextField
      select
      fullWidth
      size="small"
      id={`filter-${key}`}
      label={label}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      value={filters[key] as string | number}
      onChange={(e) => {
        const raw = e.target.value;
        set(key, (key === "instanceId" && raw !== "" ? Number(raw) : raw) as never);
      }}
    >
      <MenuItem value="">{t("filters.all")}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Grid
      container
      spacing={1.5}
      role="search"
      aria-label={t("filters.label")}
      sx={{ alignItems: "center" }}
    >
      <Grid size={{ xs: 12, md: 6, lg: 4 }}>
        <TextField
          fullWidth
          size="small"
          type="search"
          label={t("filters.search")}
          value={filters.search}
          onChange={(e) => set("search", e.target.value)}
        />
      </Grid>
      <Grid size="auto">
        <ToggleButtonGroup
          size="small"
          exclusive
          value={filters.mode}
          aria-label={t("filters.mode")}
          onChange={(_e, mode: CompanyFilters["mode"] | null) => mode && set("mode", mode)}
        >
          <ToggleButton value="date">{t("filters.byDate")}</ToggleButton>
          <ToggleButton value="period">{t("filters.byPeriod")}</ToggleButton>
        </ToggleButtonGroup>
      </Grid>
      {filters.mode === "date" ? (
        <Grid size={cell}>
          <TextField
            select
            fullWidth
            size="small"
            id="filter-duePreset"
            label={t("filters.dueDate")}
            value={filters.duePreset}
            onChange={(e) => set("duePreset", e.target.value as CompanyFilters["duePreset"])}
          >
            {DUE_PRESETS.map((preset) => (
              <MenuItem key={preset} value={preset}>
                {t(`filters.presets.${preset}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      ) : (
        (["periodStart", "periodEnd"] as const).map((key) => (
          <Grid key={key} size={cell}>
            <DateField
              fullWidth
              size="small"
              id={`filter-${key}`}
              label={t(`filters.${key}`)}
              value={filters[key]}
              onChange={(value) => set(key, value)}
            />
          </Grid>
        ))
      )}
      <Grid size={cell}>
        {select(
          "instanceId",
          t("filters.instance"),
          instances.map((i) => ({ value: i.id, label: i.name || i.address })),
        )}
      </Grid>
      <Grid size={cell}>
        {select("invoiceRequired", t("filters.invoiceRequired"), [
          { value: "yes", label: t("yes") },
          { value: "no", label: t("no") },
        ])}
      </Grid>
      <Grid size={cell}>
        {select("status", t("filters.status"), [
          { value: "active", label: t("status.active") },
          { value: "inactive", label: t("status.inactive") },
        ])}
      </Grid>
      <Grid size={cell}>
        {select(
          "paymentStatus",
          t("filters.paymentStatus"),
          PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`paymentStatuses.${s}`) })),
        )}
      </Grid>
      <Grid size={cell}>
        <TextField
          select
          fullWidth
          size="small"
          id="filter-channels"
          label={t("filters.channels")}
          value={filters.channels}
          slotProps={{
            select: {
              multiple: true,
              displayEmpty: true,
              renderValue: (value) =>
                (value as ChannelType[]).length === 0
                  ? t("filters.all")
                  : (value as ChannelType[]).map((c) => t(`connections:channels.${c}`)).join(", "),
            },
            inputLabel: { shrink: true },
          }}
          onChange={(e) => set("channels", e.target.value as unknown as ChannelType[])}
        >
          {CHANNEL_TYPES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`connections:channels.${c}`)}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={cell}>
        {select("connectionStatus", t("filters.connectionStatus"), [
          { value: "active", label: t("filters.withActive") },
          { value: "inactive", label: t("filters.withInactive") },
          { value: "none", label: t("filters.withoutConnection") },
        ])}
      </Grid>
      <Grid size="auto">
        <FormControlLabel
          control={
            <Switch
              checked={filters.showArchived}
              onChange={(e) => set("showArchived", e.target.checked)}
            />
          }
          label={t("filters.showArchived")}
        />
      </Grid>
    </Grid>
  );
}
