import NotificationsOutlinedIcon from "@mui/icons-material/NotificationsOutlined";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { Suspense, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { TopBarPopover } from "../../../components/TopBarPopover";
import { requestNotificationPermission } from "../api/alerts";
import { connectionAlerts } from "../api/connectionAlerts";
import { ConnectionAlertsList } from "./ConnectionAlertsList";
import { useNotifications } from "../hooks/useNotifications";
import { NotificationsList } from "./NotificationsList";

/** The top bar's bell; its texts load on their own, without holding the layout back. */
export function NotificationBell() {
  return (
    <Suspense fallback={null}>
      <Bell />
    </Suspense>
  );
}

/** Unread tickets in a popover at most 350 × 350 px (agent-core §2 "Notification bell"). */
function Bell() {
  const { t } = useTranslation("notifications");
  const navigate = useNavigate();
  const { tickets, loading, muted, toggleMuted } = useNotifications();
  // Connections down (admins only receive them): listed above the tickets until they are back.
  const alerts = useSyncExternalStore(connectionAlerts.subscribe, connectionAlerts.list);
  const count = tickets.length + alerts.length;
  return (
    <TopBarPopover
      label={t("open", { count: tickets.length })}
      title={t("title")}
      onOpen={requestNotificationPermission}
      icon={
        <Badge badgeContent={count} color="error" max={99}>
          <NotificationsOutlinedIcon />
        </Badge>
      }
    >
      {(close) => (
        <>
          <Box
            sx={{
              display: "flex",
              alignItems: "center",
              px: 2,
              py: 0.5,
              borderBottom: 1,
              borderColor: "divider",
            }}
          >
            <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
              {t("title")}
            </Typography>
            <IconButton
              size="small"
              aria-label={muted ? t("unmute") : t("mute")}
              aria-pressed={muted}
              onClick={toggleMuted}
            >
              {muted ? <VolumeOffIcon fontSize="small" /> : <VolumeUpIcon fontSize="small" />}
            </IconButton>
          </Box>
          <Box sx={{ overflowY: "auto", flex: 1 }}>
            {alerts.length > 0 && (
              <ConnectionAlertsList
                alerts={alerts}
                onOpen={() => {
                  close();
                  void navigate("/connections");
                }}
              />
            )}
            {loading ? (
              <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
                <CircularProgress size={24} aria-label={t("common:loading")} />
              </Box>
            ) : tickets.length === 0 && alerts.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 2, textAlign: "center" }}>
                {t("empty")}
              </Typography>
            ) : (
              <NotificationsList
                tickets={tickets}
                onOpen={(ticket) => {
                  close();
                  void navigate(`/tickets/${ticket.uuid}`);
                }}
              />
            )}
          </Box>
        </>
      )}
    </TopBarPopover>
  );
}
