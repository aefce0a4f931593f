import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import QrCode2Icon from "@mui/icons-material/QrCode2";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { QR_CHANNELS, sessionButtonsFor, type SessionButton } from "../api/connectionRules";
import { useOpeningTimeout } from "../hooks/useOpeningTimeout";
import type { ConnectionDTO, SessionCommand } from "../api/connectionsApi";
import { copyText, widgetSnippet, widgetTestPageUrl } from "../api/widgetSnippet";

interface SessionButtonsProps {
  connection: ConnectionDTO;
  busy: boolean;
  onCommand(command: SessionCommand): void;
  onShowQr(): void;
}

const COMMANDS: Partial<Record<SessionButton, SessionCommand>> = {
  tryAgain: "start",
  newQr: "newQr",
  disconnect: "disconnect",
  // Meta: starting again checks the access token with the Graph API.
  checkToken: "start",
  reconnect: "start",
};

/** The session column: buttons by status, or the widget code of a connected web chat. */
export function SessionButtons({ connection, busy, onCommand, onShowQr }: SessionButtonsProps) {
  const { t } = useTranslation("connections");
  const qr = QR_CHANNELS.includes(connection.channelType);
  const stuck = useOpeningTimeout(connection) && qr;

  const copyWidget = () =>
    copyText(widgetSnippet(connection.uuid)).then(
      () => toast.success(t("session.widgetCopied")),
      toastError,
    );

  const render = (button: SessionButton) => {
    const common = { size: "small", variant: "outlined", sx: { whiteSpace: "nowrap" } } as const;
    switch (button) {
      case "copyWidget":
        return (
          <Button {...common} startIcon={<ContentCopyIcon />} onClick={() => void copyWidget()}>
            {t("session.copyWidget")}
          </Button>
        );
      case "openTestPage":
        return (
          <Button
            {...common}
            variant="text"
            startIcon={<OpenInNewIcon />}
            href={widgetTestPageUrl(connection.uuid)}
            target="_blank"
            rel="noreferrer"
          >
            {t("session.openTestPage")}
          </Button>
        );
      case "showQr":
        return (
          <Button {...common} variant="contained" startIcon={<QrCode2Icon />} onClick={onShowQr}>
            {t("session.showQr")}
          </Button>
        );
      case "connecting":
        return (
          <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center" }}>
            <Button {...common} disabled startIcon={<CircularProgress size={14} />}>
              {t("session.connecting")}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {t(qr ? "session.waitingQr" : "session.waitingProvider")}
            </Typography>
          </Box>
        );
      default: {
        const command = COMMANDS[button]!;
        return (
          <Button
            {...common}
            color={button === "disconnect" ? "error" : "primary"}
            disabled={busy}
            onClick={() => onCommand(command)}
          >
            {t(`session.${button}`)}
          </Button>
        );
      }
    }
  };

  // 'Conectando' for too long: say so and why, and let the admin start over.
  const buttons: SessionButton[] = stuck ? ["tryAgain", "newQr"] : sessionButtonsFor(connection);
  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "center" }}>
      {stuck && (
        <Alert severity="warning" sx={{ py: 0, textAlign: "left", maxWidth: 360 }}>
          <strong>{t("session.stuckTitle")}</strong> {t("session.stuckReason")}
        </Alert>
      )}
      {buttons.map((button) => (
        <Fragment key={button}>{render(button)}</Fragment>
      ))}
    </Box>
  );
}
