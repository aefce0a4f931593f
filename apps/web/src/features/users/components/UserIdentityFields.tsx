import TextField from "@mui/material/TextField";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../../components/form/PasswordField";
import { textFieldProps } from "../../../components/form/textFieldProps";
import type { UserFormValues } from "../hooks/userFormValues";

interface Props {
  form: UseFormReturn<UserFormValues>;
  isEdit: boolean;
}

/** Name, password and email: editable by anyone on their own profile. */
export function UserIdentityFields({ form, isEdit }: Props) {
  const { t } = useTranslation(["users", "auth"]);
  const password = textFieldProps(form, "password");
  return (
    <>
      <TextField
        {...textFieldProps(form, "name")}
        label={t("modal.name")}
        autoFocus
        required
        fullWidth
      />
      <PasswordField
        {...password}
        helperText={password.helperText ?? (isEdit ? t("modal.passwordHintEdit") : undefined)}
        label={t("modal.password")}
        autoComplete="new-password"
        required={!isEdit}
        fullWidth
        showLabel={t("auth:showPassword")}
        hideLabel={t("auth:hidePassword")}
      />
      <TextField
        {...textFieldProps(form, "email")}
        label={t("modal.email")}
        type="email"
        autoComplete="off"
        required
        fullWidth
      />
    </>
  );
}
