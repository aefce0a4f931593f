import { QR_CODE_PX } from "@atrium/shared";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { ConnectionDTO } from "../api/connectionsApi";
import { useLiveQrCode } from "../hooks/useLiveQrCode";

const QrCodeImage = lazy(async () => ({
  default: (await import("./QrCodeImage")).QrCodeImage,
}));

interface QrCodeDialogProps {
  /** The connection whose QR code to show; absent: closed. */
  connection?: ConnectionDTO;
  onClose(): void;
}

/**
 * The session's QR code at 256 px (agent-core §2). New codes arrive live on
 * company-{id}-whatsappSession; the dialog closes by itself when an update empties the code
 * (the phone scanned it).
 */
export function QrCodeDialog({ connection, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation(["connections", "common"]);
  const qrcode = useLiveQrCode(connection, onClose);
  const placeholder = (
    <Box
      sx={{ width: QR_CODE_PX, height: QR_CODE_PX, display: "grid", placeItems: "center" }}
      role="status"
      aria-label={t("qr.waiting")}
    >
      <CircularProgress />
    </Box>
  );
  return (
    <Dialog open={connection !== undefined} onClose={onClose} aria-labelledby="qr-dialog-title">
      <DialogTitle id="qr-dialog-title">
        {t("qr.title", { name: connection?.name ?? "" })}
      </DialogTitle>
      <DialogContent
        sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 2 }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: QR_CODE_PX + 64 }}>
          {t("qr.instructions")}
        </Typography>
        <Box data-testid="qr-code">
          {qrcode ? (
            <Suspense fallback={placeholder}>
              <QrCodeImage value={qrcode} title={t("qr.imageTitle")} />
            </Suspense>
          ) : (
            placeholder
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common:actions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
