import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConnections } from "../../connections/hooks/useConnections";

interface Props {
  busy: boolean;
  onValidate(whatsappId: number): void;
  onClose(): void;
}

/** 'Validar no WhatsApp': the list's numbers are looked up through a Baileys connection. */
export function ValidateDialog({ busy, onValidate, onClose }: Props) {
  const { t } = useTranslation(["campaigns", "common"]);
  const connections = (useConnections().data ?? []).filter((c) => c.channelType === "BAILEYS");
  const [whatsappId, setWhatsappId] = useState<number | "">("");
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="list-validate-title"
    >
      <DialogTitle id="list-validate-title">{t("items.validateDialog.title")}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t("items.validateDialog.hint")}</DialogContentText>
        <TextField
          select
          fullWidth
          id="validate-connection"
          label={t("items.validateDialog.connection")}
          value={whatsappId}
          onChange={(event) => setWhatsappId(Number(event.target.value))}
          helperText={connections.length === 0 ? t("items.validateDialog.none") : undefined}
        >
          {connections.map((connection) => (
            <MenuItem key={connection.id} value={connection.id}>
              {connection.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("common:actions.cancel")}
        </Button>
        <Button
          variant="contained"
          disabled={busy || whatsappId === ""}
          onClick={() => whatsappId !== "" && onValidate(whatsappId)}
        >
          {t("items.validateDialog.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
