import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { validationText } from "../../../app/validation";

export interface SelectOption {
  value: string | number;
  label: string;
}

/** A react-hook-form select; an empty value shows as "none chosen". */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  options,
  required,
  emptyLabel,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  options: SelectOption[];
  required?: boolean;
  /** Offers an empty choice with this label. */
  emptyLabel?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          id={`company-${name}`}
          label={label}
          required={required}
          value={field.value ?? ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={validationText(fieldState.error?.message)}
        >
          {emptyLabel !== undefined && (
            <MenuItem value="">
              <em>{emptyLabel}</em>
            </MenuItem>
          )}
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
