import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import QrCode2Icon from "@mui/icons-material/QrCode2";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { sessionButtonsFor, type SessionButton } from "../api/connectionRules";
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
};

/** The session column: buttons by status, or the widget code of a connected web chat. */
export function SessionButtons({ connection, busy, onCommand, onShowQr }: SessionButtonsProps) {
  const { t } = useTranslation("connections");

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
          <Button {...common} disabled startIcon={<CircularProgress size={14} />}>
            {t("session.connecting")}
          </Button>
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

  return (
    <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "center" }}>
      {sessionButtonsFor(connection).map((button) => (
        <Fragment key={button}>{render(button)}</Fragment>
      ))}
    </Box>
  );
}
