import type { ConnectionStatus as Status } from "@atrium/shared";
import Chip from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

const COLORS: Record<Status, "success" | "error" | "warning" | "info" | "default"> = {
  CONNECTED: "success",
  DISCONNECTED: "error",
  TIMEOUT: "error",
  qrcode: "warning",
  PAIRING: "info",
  OPENING: "info",
};

export function ConnectionStatus({ status }: { status: Status }) {
  const { t } = useTranslation("connections");
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status] ?? "default"}
      label={t(`status.${status}`)}
    />
  );
}
