import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { normalizeLanguage } from "./i18n";
import { buildTheme } from "./theme";

/** MUI's theme in the interface language; `baseline` adds MUI's CSS reset (the app shell). */
export function MuiTheme({
  children,
  baseline = false,
}: {
  children: ReactNode;
  baseline?: boolean;
}) {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const theme = useMemo(() => buildTheme(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      {baseline && <CssBaseline />}
      {children}
    </ThemeProvider>
  );
}
