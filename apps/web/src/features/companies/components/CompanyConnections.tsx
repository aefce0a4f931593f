import type { ChannelType } from "@atrium/shared";
import ChatOutlinedIcon from "@mui/icons-material/ChatOutlined";
import FacebookIcon from "@mui/icons-material/Facebook";
import InstagramIcon from "@mui/icons-material/Instagram";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import type SvgIcon from "@mui/material/SvgIcon";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import type { CompanyConnectionDTO } from "../api/companiesApi";

const ICONS: Record<ChannelType, typeof SvgIcon> = {
  BAILEYS: WhatsAppIcon,
  WHATSAPP_BUSINESS: WhatsAppIcon,
  FACEBOOK: FacebookIcon,
  INSTAGRAM: InstagramIcon,
  WEB_CHAT: ChatOutlinedIcon,
};

/**
 * One icon per connection, red when it is not CONNECTED; a Baileys icon is a button that
 * offers a restart (§2.3), and spins while the restart runs (it waits for the session).
 */
export function CompanyConnections({
  connections,
  restartingId,
  onRestart,
}: {
  connections: CompanyConnectionDTO[];
  /** The connection whose restart is running: a spinner in place of its icon. */
  restartingId: number | null;
  onRestart(connection: CompanyConnectionDTO): void;
}) {
  const { t } = useTranslation(["companies", "connections"]);
  if (connections.length === 0) return <>-</>;
  return connections.map((connection) => {
    const Icon = ICONS[connection.channelType] ?? ChatOutlinedIcon;
    const connected = connection.status === "CONNECTED";
    const label = t("table.connectionLabel", {
      name: connection.name,
      channel: t(`connections:channels.${connection.channelType}`),
      status: connection.status,
    });
    const icon = (
      <Icon
        fontSize="small"
        sx={{ color: connected ? "success.main" : "error.main" }}
        data-connected={connected}
      />
    );
    if (connection.id === restartingId) {
      return (
        <span key={connection.id} style={{ display: "inline-flex", padding: 5 }}>
          <CircularProgress
            size={20}
            aria-label={t("table.restarting", { name: connection.name })}
          />
        </span>
      );
    }
    return (
      <Tooltip key={connection.id} title={label}>
        {connection.channelType === "BAILEYS" ? (
          <IconButton size="small" aria-label={label} onClick={() => onRestart(connection)}>
            {icon}
          </IconButton>
        ) : (
          <span role="img" aria-label={label} style={{ display: "inline-flex", padding: 5 }}>
            {icon}
          </span>
        )}
      </Tooltip>
    );
  });
}
