import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PasswordField } from "../../../components/form/PasswordField";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { useSignupForm } from "../hooks/useSignupForm";
import { AuthCard } from "./AuthCard";

export function SignupPage() {
  const { t } = useTranslation("auth");
  const { form, onSubmit, submitting } = useSignupForm();
  return (
    <AuthCard
      title={t("signup.title")}
      onSubmit={onSubmit}
      footer={
        <Link component={RouterLink} to="/login" variant="body2">
          {t("signup.loginLink")}
        </Link>
      }
    >
      <TextField
        {...textFieldProps(form, "name")}
        label={t("signup.name")}
        autoComplete="name"
        autoFocus
        required
        fullWidth
      />
      <TextField
        {...textFieldProps(form, "email")}
        label={t("signup.email")}
        type="email"
        autoComplete="email"
        required
        fullWidth
      />
      <PasswordField
        {...textFieldProps(form, "password")}
        label={t("signup.password")}
        autoComplete="new-password"
        required
        fullWidth
        showLabel={t("showPassword")}
        hideLabel={t("hidePassword")}
      />
      <TextField {...textFieldProps(form, "token")} label={t("signup.token")} fullWidth />
      <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
        {t("signup.submit")}
      </Button>
    </AuthCard>
  );
}
