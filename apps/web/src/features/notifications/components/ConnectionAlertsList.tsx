import LinkOffIcon from "@mui/icons-material/LinkOff";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import { useTranslation } from "react-i18next";
import { incidentText } from "../../connections/incidentText";
import type { ConnectionAlert } from "../api/connectionAlerts";
import { formatTicketTime } from "./NotificationsList";

interface ConnectionAlertsListProps {
  alerts: readonly ConnectionAlert[];
  onOpen(): void;
}

/** The bell's connection alerts: 'Conexão X desconectada', the reason, since when. */
export function ConnectionAlertsList({ alerts, onOpen }: ConnectionAlertsListProps) {
  const { t } = useTranslation("notifications");
  return (
    <List dense disablePadding data-testid="connection-alerts">
      {alerts.map((alert) => (
        <ListItemButton key={alert.connectionId} divider onClick={onOpen}>
          <ListItemIcon sx={{ minWidth: 36 }}>
            <LinkOffIcon color="error" fontSize="small" />
          </ListItemIcon>
          <ListItemText
            primary={t("connectionDown", { name: alert.name })}
            secondary={`${incidentText(t, alert.reason)} · ${t("since", { time: formatTicketTime(alert.at) })}`}
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
