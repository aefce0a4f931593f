import { PRIMARY_COLOR } from "@atrium/shared";
import { createTheme, type Theme } from "@mui/material/styles";
import { enUS, esES, ptBR } from "@mui/material/locale";
import type { AppLanguage } from "./i18n";

const muiLocales = { pt: ptBR, en: enUS, es: esES } as const;

/** Primary #002d6e (admin-operator §2.15); MUI's own texts follow the interface language. */
export function buildTheme(language: AppLanguage): Theme {
  return createTheme(
    {
      palette: {
        primary: { main: PRIMARY_COLOR },
        background: { default: "#f4f6f9" },
      },
      shape: { borderRadius: 8 },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTextField: { defaultProps: { size: "small" } },
      },
    },
    muiLocales[language],
  );
}
