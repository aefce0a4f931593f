import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";

/** Centered spinner; `fullPage` fills the viewport (session restore, first route load). */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation("common");
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        minHeight: fullPage ? "100vh" : 240,
        width: "100%",
      }}
    >
      <CircularProgress aria-label={t("loading")} />
    </Box>
  );
}
