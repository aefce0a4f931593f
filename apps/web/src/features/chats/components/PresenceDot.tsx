import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";

/** A green (online) or grey (offline) dot, named for screen readers. */
export function PresenceDot({ online }: { online: boolean }) {
  const { t } = useTranslation("chats");
  const label = t(online ? "dialog.online" : "dialog.offline");
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      sx={{
        display: "inline-block",
        flexShrink: 0,
        width: 10,
        height: 10,
        borderRadius: "50%",
        bgcolor: online ? "success.main" : "grey.400",
      }}
    />
  );
}
