import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSetPasswordForm } from "../hooks/useSetPasswordForm";
import { AuthCard, AuthNotice, AuthSubmit, authLinkClass } from "./AuthCard";
import { AuthField } from "./AuthField";

/** /set-password#token=…: the page an access email links to (open whether logged in or not). */
export function SetPasswordPage() {
  const { t } = useTranslation("auth");
  const { token, form, onSubmit, submitting } = useSetPasswordForm();
  return (
    <AuthCard
      title={t("setPassword.title")}
      onSubmit={onSubmit}
      footer={
        <Link to="/login" className={authLinkClass}>
          {t("setPassword.loginLink")}
        </Link>
      }
    >
      {token ? (
        <>
          <AuthNotice severity="info">{t("setPassword.intro")}</AuthNotice>
          <AuthField
            form={form}
            name="password"
            label={t("setPassword.password")}
            type="password"
            autoComplete="new-password"
            autoFocus
            required
            showLabel={t("showPassword")}
            hideLabel={t("hidePassword")}
          />
          <AuthField
            form={form}
            name="confirm"
            label={t("setPassword.confirm")}
            type="password"
            autoComplete="new-password"
            required
            showLabel={t("showPassword")}
            hideLabel={t("hidePassword")}
          />
          <AuthSubmit disabled={submitting}>{t("setPassword.submit")}</AuthSubmit>
        </>
      ) : (
        <AuthNotice severity="warning">{t("setPassword.missingLink")}</AuthNotice>
      )}
    </AuthCard>
  );
}
