import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSignupForm } from "../hooks/useSignupForm";
import { AuthCard, AuthNotice, AuthSubmit, authLinkClass } from "./AuthCard";
import { AuthField } from "./AuthField";

/**
 * Signup joins an existing company through the link its admin sends (…/signup?companyId=N,
 * shown in Settings › Options once 'Criação de usuário' is on); the page says so.
 */
export function SignupPage() {
  const { t } = useTranslation("auth");
  const { form, onSubmit, submitting, companyId } = useSignupForm();
  return (
    <AuthCard
      title={t("signup.title")}
      onSubmit={onSubmit}
      footer={
        <Link to="/login" className={authLinkClass}>
          {t("signup.loginLink")}
        </Link>
      }
    >
      <AuthNotice severity={companyId ? "info" : "warning"}>
        {t(companyId ? "signup.viaLink" : "signup.noCompany")}
      </AuthNotice>
      <AuthField
        form={form}
        name="name"
        label={t("signup.name")}
        autoComplete="name"
        autoFocus
        required
      />
      <AuthField
        form={form}
        name="email"
        label={t("signup.email")}
        type="email"
        autoComplete="email"
        required
      />
      <AuthField
        form={form}
        name="password"
        label={t("signup.password")}
        type="password"
        autoComplete="new-password"
        required
        showLabel={t("showPassword")}
        hideLabel={t("hidePassword")}
      />
      <AuthField form={form} name="token" label={t("signup.token")} hint={t("signup.tokenHint")} />
      <AuthSubmit disabled={submitting}>{t("signup.submit")}</AuthSubmit>
    </AuthCard>
  );
}
