import { useTranslation } from "react-i18next";
import css from "./Spinner.module.css";

/**
 * Centered spinner; `fullPage` fills the viewport (session restore, first route load). Plain
 * CSS: the guards show it before any MUI code has loaded.
 */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <div className={fullPage ? `${css.box} ${css.fullPage}` : css.box}>
      <div className={css.ring} role="progressbar" aria-label={t("loading")} />
    </div>
  );
}
