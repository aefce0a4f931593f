import CloudOffOutlinedIcon from "@mui/icons-material/CloudOffOutlined";
import Box from "@mui/material/Box";
import { alpha, darken } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import { useConnectionNotice } from "./connectionStatus";

/** A thin strip while the realtime socket has been down for a few seconds; gone once live. */
export function ConnectionBar() {
  const { t } = useTranslation("common");
  const shown = useConnectionNotice();
  if (!shown) return null;
  return (
    <Box
      role="status"
      sx={{
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        gap: 1,
        px: 1.5,
        py: 0.5,
        // The tones of MUI's warning Alert: visible, not alarming.
        bgcolor: (theme) => alpha(theme.palette.warning.main, 0.12),
        color: (theme) => darken(theme.palette.warning.main, 0.6),
        fontSize: 13,
      }}
    >
      <CloudOffOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />
      {t("realtime.reconnecting")}
    </Box>
  );
}
