import CalendarMonthIcon from "@mui/icons-material/CalendarMonthOutlined";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { format } from "date-fns";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CalendarPopover } from "./CalendarPopover";
import { isoToDate, maskDate, textToValue, valueToText } from "./dateText";

export type DateFieldProps = Omit<TextFieldProps, "value" | "onChange" | "type"> & {
  /** An ISO day (YYYY-MM-DD), '' for none, or the text typed when it is not a date. */
  value: string;
  onChange(value: string): void;
};

/**
 * A date input in the app's language (dd/MM/yyyy in pt and es, MM/dd/yyyy in en): typed with a
 * mask or picked from a calendar; the browser's locale plays no part (agent-core §9 formats).
 */
export function DateField({ value, onChange, slotProps, label, ...props }: DateFieldProps) {
  const { t, i18n } = useTranslation("common");
  const language = i18n.language;
  const [text, setText] = useState(() => valueToText(value, language));
  // The value changed from outside (a reset, a preset, another language): show it.
  const [shown, setShown] = useState({ value, language });
  if (shown.value !== value || shown.language !== language) {
    setShown({ value, language });
    if (textToValue(text, language) !== value || shown.language !== language) {
      setText(valueToText(value, language));
    }
  }
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);

  const change = (next: string) => {
    setText(next);
    const nextValue = textToValue(next, language);
    setShown({ value: nextValue, language });
    onChange(nextValue);
  };
  return (
    <>
      <TextField
        {...props}
        label={label}
        value={text}
        onChange={(event) => change(maskDate(event.target.value))}
        inputRef={inputRef}
        slotProps={{
          ...slotProps,
          inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
          htmlInput: {
            inputMode: "numeric",
            placeholder: t("date.placeholder"),
            ...(slotProps?.htmlInput as object),
          },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={t("date.open", { field: typeof label === "string" ? label : "" })}
                  disabled={props.disabled}
                  onClick={(event) => setAnchor(event.currentTarget)}
                >
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {anchor && (
        <CalendarPopover
          anchor={anchor}
          selected={isoToDate(value)}
          onClose={() => setAnchor(null)}
          onPick={(day) => {
            setAnchor(null);
            const iso = format(day, "yyyy-MM-dd");
            setText(valueToText(iso, language));
            setShown({ value: iso, language });
            onChange(iso);
            inputRef.current?.focus();
          }}
        />
      )}
    </>
  );
}
