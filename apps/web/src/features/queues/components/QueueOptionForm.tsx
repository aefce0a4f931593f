import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { AttachmentField } from "../../../components/form/AttachmentField";
import { OptionAudioRecorder } from "./OptionAudioRecorder";
import { acceptFor, type QueueOptionDTO, type QueueOptionFileType } from "../api/queueOptionsApi";
import { useQueueOptionNode } from "../hooks/useQueueOptionNode";

const FILE_TYPES: QueueOptionFileType[] = ["", "IMAGE", "VIDEO", "AUDIO", "DOCUMENT"];

interface Props {
  queueId: number;
  parentId: number | null;
  option?: QueueOptionDTO;
  onDone(): void;
}

/** A node in edition mode (a new one is unsaved until 'Salvar'). */
export function QueueOptionForm({ queueId, parentId, option, onDone }: Props) {
  const { t } = useTranslation(["queues", "common"]);
  const node = useQueueOptionNode({ queueId, parentId, option, onDone });
  const { fields, setField } = node;
  const stored =
    option?.path && option.fileName ? { name: option.fileName, url: option.path } : null;
  const hasChildren = (option?.childrenCount ?? 0) > 0;
  const busy = node.save.isPending || node.remove.isPending;
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack spacing={1.5} sx={{ p: 1.5, border: 1, borderColor: "divider", borderRadius: 1 }}>
      <TextField
        size="small"
        label={t("options.title")}
        value={fields.title}
        onChange={(e) => setField("title", e.target.value)}
        autoFocus
      />
      <TextField
        size="small"
        label={t("options.message")}
        multiline
        minRows={2}
        value={fields.message}
        onChange={(e) => setField("message", e.target.value)}
      />
      <TextField
        select
        size="small"
        label={t("options.fileType")}
        value={fields.fileType}
        disabled={Boolean(option?.path)}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        onChange={(e) => setField("fileType", e.target.value as QueueOptionFileType)}
      >
        {FILE_TYPES.map((type) => (
          <MenuItem key={type || "none"} value={type}>
            {t(`options.fileTypes.${type || "NONE"}`)}
          </MenuItem>
        ))}
      </TextField>
      <AttachmentField
        current={stored}
        pendingFile={node.file}
        onPick={node.setFile}
        accept={acceptFor(fields.fileType)}
        onRemove={option ? () => node.removeFile.mutate() : undefined}
        removing={node.removeFile.isPending}
      />
      {fields.fileType === "AUDIO" && !stored && <OptionAudioRecorder onRecorded={node.setFile} />}
      {!hasChildren && (
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={fields.finalize}
                onChange={(e) => setField("finalize", e.target.checked)}
              />
            }
            label={t("options.finalize")}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={fields.waitTreatment}
                onChange={(e) => setField("waitTreatment", e.target.checked)}
              />
            }
            label={t("options.waitTreatment")}
          />
        </Box>
      )}
      <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
        {option && (
          <Button color="error" disabled={busy} onClick={() => setConfirming(true)}>
            {t("options.deleteOption")}
          </Button>
        )}
        <Button disabled={busy} onClick={onDone}>
          {t("options.discard")}
        </Button>
        <Button
          variant="contained"
          disabled={busy || !fields.title.trim()}
          onClick={() => node.save.mutate()}
        >
          {t("options.saveOption")}
        </Button>
      </Box>
      {option && (
        <ConfirmDialog
          open={confirming}
          title={t("options.confirmDelete.title", { name: option.title })}
          message={t(
            hasChildren ? "options.confirmDelete.withChildren" : "options.confirmDelete.message",
          )}
          confirmLabel={t("common:actions.delete")}
          busy={node.remove.isPending}
          onConfirm={() => node.remove.mutate(undefined, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      )}
    </Stack>
  );
}
