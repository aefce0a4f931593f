import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Logo } from "../../../components/Logo";
import css from "./auth.module.css";

interface AuthCardProps {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  footer: ReactNode;
}

/**
 * The frame of the login and signup screens: logo, title, form, link to the other screen.
 * Plain elements and CSS (auth.module.css): the public screens load no MUI.
 */
export function AuthCard({ title, onSubmit, children, footer }: AuthCardProps) {
  const { t } = useTranslation("common");
  return (
    <main className={css.page}>
      <div className={css.card}>
        <div className={css.logo}>
          <Logo title={t("appName")} />
        </div>
        <h1 className={css.title}>{title}</h1>
        <form className={css.form} noValidate onSubmit={onSubmit}>
          {children}
        </form>
        <div className={css.footer}>{footer}</div>
      </div>
    </main>
  );
}

export function AuthSubmit({ children, disabled }: { children: ReactNode; disabled: boolean }) {
  return (
    <button type="submit" className={css.submit} disabled={disabled}>
      {children}
    </button>
  );
}

/** A short explanation above the form (MUI's Alert look, without MUI). */
export function AuthNotice({
  severity,
  children,
}: {
  severity: "info" | "warning";
  children: ReactNode;
}) {
  return (
    <p role="status" className={`${css.notice} ${css[severity]}`}>
      {children}
    </p>
  );
}

export const authLinkClass = css.link;
