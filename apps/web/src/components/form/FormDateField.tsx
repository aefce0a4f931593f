import { useController, type Control, type FieldValues, type Path } from "react-hook-form";
import { validationText } from "../../app/validation";
import { DateField, type DateFieldProps } from "./DateField";

/** A DateField bound to a react-hook-form field, its error in the app's language. */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<DateFieldProps, "value" | "onChange" | "name"> & { control: Control<T>; name: Path<T> }) {
  const { field, fieldState } = useController({ control, name });
  const message = validationText(fieldState.error?.message);
  return (
    <DateField
      {...props}
      id={props.id ?? `field-${name}`}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(message)}
      helperText={message ?? props.helperText}
    />
  );
}
