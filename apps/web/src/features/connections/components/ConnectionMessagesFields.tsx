import Alert from "@mui/material/Alert";
import TextField from "@mui/material/TextField";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import {
  MESSAGE_FIELDS,
  TEMPLATE_VARIABLES,
  type ConnectionFormValues,
} from "../hooks/connectionFormValues";

/** Greeting, completion, out-of-hours, rating and transfer texts, with the variables hint. */
export function ConnectionMessagesFields({ form }: { form: UseFormReturn<ConnectionFormValues> }) {
  const { t } = useTranslation("connections");
  return (
    <>
      <Alert severity="info" variant="outlined">
        {t("dialog.variablesHint", { variables: TEMPLATE_VARIABLES.join(", ") })}
      </Alert>
      {MESSAGE_FIELDS.map((name) => (
        <TextField
          key={name}
          {...textFieldProps(form, name)}
          label={t(`dialog.${name}`)}
          multiline
          minRows={2}
          maxRows={6}
          fullWidth
        />
      ))}
    </>
  );
}
