import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PasswordField } from "../../../components/form/PasswordField";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { useLoginForm } from "../hooks/useLoginForm";
import { AuthCard } from "./AuthCard";

export function LoginPage() {
  const { t } = useTranslation("auth");
  const { form, onSubmit, submitting } = useLoginForm();
  return (
    <AuthCard
      title={t("login.title")}
      onSubmit={onSubmit}
      footer={
        <Link component={RouterLink} to="/signup" variant="body2">
          {t("login.signupLink")}
        </Link>
      }
    >
      <TextField
        {...textFieldProps(form, "email")}
        label={t("login.email")}
        type="email"
        autoComplete="email"
        autoFocus
        required
        fullWidth
      />
      <PasswordField
        {...textFieldProps(form, "password")}
        label={t("login.password")}
        autoComplete="current-password"
        required
        fullWidth
        showLabel={t("showPassword")}
        hideLabel={t("hidePassword")}
      />
      <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
        {t("login.submit")}
      </Button>
    </AuthCard>
  );
}
