import type { ChannelType } from "@atrium/shared";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { isRequiredMetaField, META_FIELDS } from "../api/connectionRules";
import type { ConnectionFormValues } from "../hooks/connectionFormValues";
import { validationText } from "../../../app/validation";

interface Props {
  form: UseFormReturn<ConnectionFormValues>;
  channelType: ChannelType;
  isEdit: boolean;
}

/**
 * The Meta settings of a Facebook, Instagram or WhatsApp Business connection. On edit the
 * access token arrives masked; left as it is, the server keeps the stored one.
 */
export function MetaFields({ form, channelType, isEdit }: Props) {
  const { t } = useTranslation("connections");
  const fields = META_FIELDS[channelType] ?? [];
  if (fields.length === 0) return null;
  return (
    <Stack direction={{ xs: "column", sm: "row" }} spacing={2} useFlexGap sx={{ flexWrap: "wrap" }}>
      {fields.map((field) => (
        <TextField
          key={field}
          {...textFieldProps(form, `config.${field}`)}
          label={t(`dialog.meta.${field}`)}
          required={isRequiredMetaField(channelType, field) && !(isEdit && field === "accessToken")}
          type={field === "accessToken" ? "password" : "text"}
          autoComplete="off"
          sx={{ flex: field === "accessToken" ? "1 1 100%" : "1 1 200px" }}
          helperText={
            validationText(form.formState.errors.config?.[field]?.message as string | undefined) ??
            (field === "accessToken" && isEdit ? t("dialog.meta.accessTokenKeep") : undefined)
          }
        />
      ))}
    </Stack>
  );
}
