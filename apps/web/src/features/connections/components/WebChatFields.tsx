import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { ConnectionFormValues } from "../hooks/connectionFormValues";

/** The web-chat widget's title and colour (config.widgetTitle / config.widgetColor). */
export function WebChatFields({ form }: { form: UseFormReturn<ConnectionFormValues> }) {
  const { t } = useTranslation("connections");
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
      <TextField
        {...textFieldProps(form, "config.widgetTitle")}
        label={t("dialog.widgetTitle")}
        placeholder={t("dialog.widgetTitlePlaceholder")}
        fullWidth
      />
      <TextField
        {...textFieldProps(form, "config.widgetColor")}
        label={t("dialog.widgetColor")}
        type="color"
        sx={{ minWidth: 160 }}
      />
    </Stack>
  );
}
