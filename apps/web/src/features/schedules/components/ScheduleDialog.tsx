import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { AttachmentField } from "../../../components/form/AttachmentField";
import type { ScheduleDTO } from "../api/schedulesApi";
import { useScheduleForm, type ContactOption } from "../hooks/useScheduleForm";
import { capitalise, isSendError } from "../lib/scheduleRules";
import { ScheduleFields } from "./ScheduleFields";
import { SubmitButton } from "../../../components/form/SubmitButton";

interface Props {
  schedule?: ScheduleDTO;
  /** A new schedule for this contact (ticket menu, ?contactId=). */
  contact?: ContactOption;
  onClose(): void;
}

/** Create or edit a schedule (agent-core §2, §4: title rule, no save once sent). */
export function ScheduleDialog({ schedule, contact, onClose }: Props) {
  const { t } = useTranslation(["schedules", "common"]);
  const scheduleForm = useScheduleForm({ schedule, contact, onClose });
  const { form, onSubmit, saving } = scheduleForm;
  let title = t("dialog.addTitle");
  if (schedule) {
    title = isSendError(schedule.status)
      ? t("dialog.errorTitle")
      : t("dialog.statusTitle", { status: capitalise(schedule.status) });
  }
  const sent = Boolean(schedule?.sentAt);

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="schedule-title"
    >
      <DialogTitle id="schedule-title">{title}</DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ScheduleFields form={form} contactLocked={Boolean(contact) && !schedule} />
            <AttachmentField
              current={scheduleForm.stored}
              pendingFile={scheduleForm.file}
              onPick={scheduleForm.setFile}
              onRemove={sent ? undefined : scheduleForm.removeFile}
              removing={scheduleForm.removingFile}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          {!sent && (
            <SubmitButton saving={saving}>
              {t(schedule ? "common:actions.save" : "common:actions.add")}
            </SubmitButton>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
