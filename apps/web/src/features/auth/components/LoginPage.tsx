import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLoginForm } from "../hooks/useLoginForm";
import { AuthCard, AuthSubmit, authLinkClass } from "./AuthCard";
import { AuthField } from "./AuthField";

export function LoginPage() {
  const { t } = useTranslation("auth");
  const { form, onSubmit, submitting } = useLoginForm();
  return (
    <AuthCard
      title={t("login.title")}
      onSubmit={onSubmit}
      footer={
        <Link to="/signup" className={authLinkClass}>
          {t("login.signupLink")}
        </Link>
      }
    >
      <AuthField
        form={form}
        name="email"
        label={t("login.email")}
        type="email"
        autoComplete="email"
        autoFocus
        required
      />
      <AuthField
        form={form}
        name="password"
        label={t("login.password")}
        type="password"
        autoComplete="current-password"
        required
        showLabel={t("showPassword")}
        hideLabel={t("hidePassword")}
      />
      <AuthSubmit disabled={submitting}>{t("login.submit")}</AuthSubmit>
    </AuthCard>
  );
}
