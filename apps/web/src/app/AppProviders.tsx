import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthProvider } from "../features/auth/components/AuthProvider";
import { RealtimeSession } from "../realtime/RealtimeSession";
import { normalizeLanguage } from "./i18n";
import { buildTheme } from "./theme";
import { Toaster } from "./toast/Toaster";

function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const theme = useMemo(() => buildTheme(language), [language]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

/** Everything around the router: query cache, theme, toasts, session, realtime. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <Toaster />
        <AuthProvider>
          <RealtimeSession />
          {children}
        </AuthProvider>
      </AppThemeProvider>
    </QueryClientProvider>
  );
}
