import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import FormHelperText from "@mui/material/FormHelperText";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** Dom…Sáb as checkable chips (0 = Sunday, as the server counts). */
export function WeekdayChips({
  value,
  onChange,
  error,
}: {
  value: number[];
  onChange(days: number[]): void;
  error?: string;
}) {
  const { t } = useTranslation("campaigns");
  const toggle = (day: number) =>
    onChange(value.includes(day) ? value.filter((d) => d !== day) : [...value, day].sort());
  return (
    <Box sx={{ mt: 3 }} role="group" aria-label={t("settings.allowedDays")}>
      <Typography variant="subtitle1" sx={{ mb: 1 }}>
        {t("settings.allowedDays")}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {WEEKDAYS.map((day) => {
          const checked = value.includes(day);
          return (
            <Chip
              key={day}
              role="checkbox"
              aria-checked={checked}
              label={t(`settings.days.${day}`)}
              color={checked ? "primary" : "default"}
              variant={checked ? "filled" : "outlined"}
              onClick={() => toggle(day)}
            />
          );
        })}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
