import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { ConnectionDTO } from "../api/connectionsApi";
import { useConnectionForm } from "../hooks/useConnectionForm";
import { ConnectionFileField } from "./ConnectionFileField";
import { ConnectionMainFields } from "./ConnectionMainFields";
import { ConnectionMessagesFields } from "./ConnectionMessagesFields";
import { MetaFields } from "./MetaFields";
import { WebChatFields } from "./WebChatFields";
import { SubmitButton } from "../../../components/form/SubmitButton";

interface ConnectionDialogProps {
  open: boolean;
  /** Absent: a new connection. */
  connection?: ConnectionDTO;
  onClose(): void;
}

/** Add/edit a connection (agent-core §2 "Connections page", §5 connection form). */
export function ConnectionDialog({ open, connection, onClose }: ConnectionDialogProps) {
  const { t } = useTranslation(["connections", "common"]);
  const { form, onSubmit, isEdit, saving, pendingFile, setPendingFile } = useConnectionForm({
    open,
    connection,
    onClose,
  });
  const channelType = useWatch({ control: form.control, name: "channelType" });

  return (
    <Dialog
      open={open}
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="md"
      scroll="paper"
      aria-labelledby="connection-dialog-title"
    >
      <DialogTitle id="connection-dialog-title">
        {t(isEdit ? "dialog.editTitle" : "dialog.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit} style={{ display: "contents" }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ConnectionMainFields form={form} isEdit={isEdit} />
            {channelType === "WEB_CHAT" && <WebChatFields form={form} />}
            <MetaFields form={form} channelType={channelType} isEdit={isEdit} />
            <ConnectionMessagesFields form={form} />
            <ConnectionFileField
              connection={connection}
              pendingFile={pendingFile}
              onPick={setPendingFile}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>
            {t(isEdit ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
