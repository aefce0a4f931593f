import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Typography from "@mui/material/Typography";
import {
  addDays,
  addMonths,
  format,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
  type Locale,
} from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { es } from "date-fns/locale/es";
import { ptBR } from "date-fns/locale/pt-BR";
import { useState } from "react";
import { useTranslation } from "react-i18next";

const LOCALES: Record<string, Locale> = { pt: ptBR, en: enUS, es };

/** A month of days to pick from, named in the app's language (not the browser's). */
export function CalendarPopover({
  anchor,
  selected,
  onPick,
  onClose,
}: {
  anchor: HTMLElement | null;
  selected: Date | null;
  onPick(day: Date): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation("common");
  const locale = LOCALES[i18n.language.slice(0, 2)] ?? ptBR;
  const [month, setMonth] = useState(() => startOfMonth(selected ?? new Date()));
  const first = startOfWeek(month, { locale });
  const days = Array.from({ length: 42 }, (_, i) => addDays(first, i));
  const today = new Date();
  return (
    <Popover
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
      slotProps={{ paper: { role: "dialog", "aria-label": t("date.calendar") } }}
    >
      <Box sx={{ p: 1.5, width: 296 }}>
        <Box sx={{ display: "flex", alignItems: "center", mb: 1 }}>
          <IconButton
            size="small"
            aria-label={t("date.previousMonth")}
            onClick={() => setMonth((m) => addMonths(m, -1))}
          >
            <ChevronLeftIcon />
          </IconButton>
          <Typography sx={{ flex: 1, textAlign: "center", textTransform: "capitalize" }}>
            {format(month, "LLLL yyyy", { locale })}
          </Typography>
          <IconButton
            size="small"
            aria-label={t("date.nextMonth")}
            onClick={() => setMonth((m) => addMonths(m, 1))}
          >
            <ChevronRightIcon />
          </IconButton>
        </Box>
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(7, 1fr)", gap: 0.25 }}>
          {days.slice(0, 7).map((day) => (
            <Typography
              key={`head-${day.getDay()}`}
              variant="caption"
              color="text.secondary"
              sx={{ textAlign: "center", textTransform: "capitalize" }}
            >
              {format(day, "EEEEEE", { locale })}
            </Typography>
          ))}
          {days.map((day) => {
            const chosen = selected !== null && isSameDay(day, selected);
            return (
              <Button
                key={day.toISOString()}
                size="small"
                variant={chosen ? "contained" : "text"}
                color={isSameDay(day, today) && !chosen ? "secondary" : "primary"}
                aria-label={format(day, "PPPP", { locale })}
                aria-pressed={chosen}
                onClick={() => onPick(day)}
                sx={{
                  minWidth: 0,
                  px: 0,
                  opacity: isSameMonth(day, month) ? 1 : 0.45,
                }}
              >
                {format(day, "d")}
              </Button>
            );
          })}
        </Box>
      </Box>
    </Popover>
  );
}
