import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import type { ChangeEvent } from "react";

interface ColorFieldProps {
  id: string;
  label: string;
  pickerLabel: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}

/** Expands #abc to #aabbcc for the native picker (which has no alpha channel). */
function pickerValue(value: string): string {
  const hex = value.trim().replace(/^#/, "");
  if (/^[0-9a-f]{3}$/i.test(hex)) return `#${[...hex].map((c) => c + c).join("")}`;
  if (/^[0-9a-f]{6}/i.test(hex)) return `#${hex.slice(0, 6)}`;
  return "#000000";
}

/** A colour as text plus a swatch that opens the browser's colour picker (no alpha). */
export function ColorField({ id, label, pickerLabel, value, error, onChange }: ColorFieldProps) {
  return (
    <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
      <TextField
        id={id}
        label={label}
        value={value}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      />
      <Box
        component="input"
        type="color"
        aria-label={pickerLabel}
        value={pickerValue(value)}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{ width: 56, height: 56, p: 0.5, border: 0, bgcolor: "transparent", cursor: "pointer" }}
      />
    </Box>
  );
}
