import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { AttachmentField } from "../../../components/form/AttachmentField";
import { SubmitButton } from "../../../components/form/SubmitButton";
import type { CampaignDTO } from "../api/campaignsApi";
import { useCampaignForm } from "../hooks/useCampaignForm";
import { CampaignFields } from "./CampaignFields";
import { StartNowDialog } from "./StartNowDialog";

interface Props {
  campaign?: CampaignDTO;
  onClose(): void;
}

/** Create or edit a campaign (only PROGRAMADA or PAUSADA ones are editable). */
export function CampaignDialog({ campaign, onClose }: Props) {
  const { t } = useTranslation(["campaigns", "common"]);
  const state = useCampaignForm({ campaign, onClose });
  const { form, onSubmit, saving } = state;
  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="campaign-title"
    >
      <DialogTitle id="campaign-title">
        {t(campaign ? "dialog.editTitle" : "dialog.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <CampaignFields form={form} />
            <AttachmentField
              current={state.stored}
              pendingFile={state.file}
              onPick={state.setFile}
              onRemove={state.removeFile}
              removing={state.removingFile}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>
            {t(campaign ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
      {state.startingNow && (
        <StartNowDialog
          values={state.startingNow}
          onConfirm={state.confirmStart}
          onClose={state.cancelStart}
        />
      )}
    </Dialog>
  );
}
