import { get, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { validationText } from "../../app/validation";

/**
 * react-hook-form registration adapted to MUI's TextField: ref on the input element, the
 * field's validation message, in the app's language, as helper text.
 */
export function textFieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...registration } = form.register(name);
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return {
    ...registration,
    id: `field-${name}`,
    inputRef: ref,
    error: Boolean(message),
    helperText: validationText(message),
  };
}
