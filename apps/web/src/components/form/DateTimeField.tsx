import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "./DateField";
import { maskTime } from "./timeMask";

/**
 * A date and a time (HH:mm, 24 h) in the app's language, as one value 'YYYY-MM-DDTHH:mm' (the
 * value a datetime-local input has): the day in the language's format, never the browser's.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  id,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: boolean;
  helperText?: string;
  id?: string;
}) {
  const { t } = useTranslation("common");
  const [day = "", valueTime = ""] = value.split("T");
  // Without a day the value is empty (required), but the typed time is kept for when it comes.
  const [draftTime, setDraftTime] = useState(valueTime);
  const time = value ? valueTime : draftTime;
  const join = (nextDay: string, nextTime: string) => {
    setDraftTime(nextTime);
    onChange(nextDay ? `${nextDay}T${nextTime}` : "");
  };
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
      <DateField
        id={id}
        label={label}
        value={day}
        onChange={(next) => join(next, time)}
        onBlur={onBlur}
        error={error}
        helperText={helperText}
        fullWidth
      />
      <TextField
        id={id ? `${id}-time` : undefined}
        label={t("date.time")}
        value={time}
        onChange={(event) => join(day, maskTime(event.target.value))}
        onBlur={onBlur}
        error={error}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: "numeric", placeholder: "hh:mm" },
        }}
        sx={{ width: 120, flexShrink: 0 }}
      />
    </Box>
  );
}
