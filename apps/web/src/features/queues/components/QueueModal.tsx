import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { WorkingHoursFields } from "../../../components/form/WorkingHoursFields";
import type { QueueDTO } from "../api/queuesApi";
import { useQueueForm } from "../hooks/useQueueForm";
import { QueueDataFields } from "./QueueDataFields";
import { QueueOptionsTree } from "./QueueOptionsTree";
import { SubmitButton } from "../../../components/form/SubmitButton";

interface Props {
  queue?: QueueDTO;
  /** The queue was just created here: say so, the dialog now edits it. */
  created?: boolean;
  /** scheduleType is queue: out-of-hours message and the working-hours tab. */
  withHours: boolean;
  onClose(): void;
  /** A new queue was saved: the modal goes on editing it (its options tree appears). */
  onCreated(queue: QueueDTO): void;
}

export function QueueModal({ queue, created = false, withHours, onClose, onCreated }: Props) {
  const { t } = useTranslation(["queues", "common"]);
  const [tab, setTab] = useState<"data" | "hours">("data");
  const queueForm = useQueueForm({
    queue,
    withHours,
    onSaved: (saved, created) => (created ? onCreated(saved) : onClose()),
  });
  const { form, onSubmit, saving } = queueForm;
  const current = withHours ? tab : "data";

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="md"
      aria-labelledby="queue-modal-title"
    >
      <DialogTitle id="queue-modal-title">
        {t(queue ? "modal.editTitle" : "modal.addTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <Tabs
          value={current}
          onChange={(_event, next: "data" | "hours") => setTab(next)}
          sx={{ px: 2 }}
        >
          <Tab value="data" label={t("modal.tabs.data")} />
          {withHours && <Tab value="hours" label={t("modal.tabs.hours")} />}
        </Tabs>
        <DialogContent dividers>
          {created && queue && (
            <Alert severity="success" sx={{ mb: 2 }}>
              {t("modal.createdNotice", { name: queue.name })}
            </Alert>
          )}
          {current === "data" && (
            <QueueDataFields
              form={form}
              withHours={withHours}
              stored={queueForm.stored}
              file={queueForm.file}
              onPick={queueForm.setFile}
              onRemove={queueForm.removeFile}
              removing={queueForm.removingFile}
            />
          )}
          {current === "data" && queue && (
            <Box sx={{ mt: 3 }}>
              <QueueOptionsTree queueId={queue.id} />
            </Box>
          )}
          {current === "hours" && (
            <WorkingHoursFields control={form.control} errors={form.formState.errors} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t(created ? "common:actions.close" : "common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>
            {t(queue ? "common:actions.save" : "common:actions.add")}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
