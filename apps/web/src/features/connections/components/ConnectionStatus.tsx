import type { ConnectionStatus as Status } from "@atrium/shared";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { format, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";
import { incidentText } from "../incidentText";

const COLORS: Record<Status, "success" | "error" | "warning" | "info" | "default"> = {
  CONNECTED: "success",
  DISCONNECTED: "error",
  TIMEOUT: "error",
  qrcode: "warning",
  PAIRING: "info",
  OPENING: "info",
};

interface ConnectionStatusProps {
  status: Status;
  /** Sends failing (breaker tripped): they wait and go out in order when it recovers. */
  degraded?: boolean;
  /** The current incident: why the connection is down and since when. */
  incidentReason?: string | null;
  incidentAt?: string | null;
}

export function ConnectionStatus({
  status,
  degraded,
  incidentReason,
  incidentAt,
}: ConnectionStatusProps) {
  const { t } = useTranslation("connections");
  return (
    <Box sx={{ display: "inline-flex", flexDirection: "column", alignItems: "center", gap: 0.5 }}>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[status] ?? "default"}
        label={t(`status.${status}`)}
      />
      {degraded && <Chip size="small" color="error" label={t("incident.degraded")} />}
      {incidentReason && (
        <Typography variant="caption" color="error" data-testid="connection-incident">
          {incidentText(t, incidentReason)}
          {incidentAt &&
            ` · ${t("incident.since", { time: format(parseISO(incidentAt), "dd/MM/yyyy HH:mm") })}`}
        </Typography>
      )}
    </Box>
  );
}
