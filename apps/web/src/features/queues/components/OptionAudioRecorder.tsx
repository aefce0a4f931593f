import MicIcon from "@mui/icons-material/Mic";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { RecordingBar } from "../../messages/components/composer/RecordingBar";
import { useAudioRecorder } from "../../messages/hooks/useAudioRecorder";

/**
 * Audio options can be recorded instead of picked (admin-operator §2.7): start, then stop; the
 * mp3 becomes the option's pending file, and one under 10000 bytes is discarded.
 */
export function OptionAudioRecorder({ onRecorded }: { onRecorded(file: File): void }) {
  const { t } = useTranslation(["queues", "messages"]);
  const recorder = useAudioRecorder(onRecorded);
  if (recorder.state === "idle") {
    return (
      <Box>
        <Button size="small" startIcon={<MicIcon />} onClick={recorder.start}>
          {t("messages:audio.record")}
        </Button>
      </Box>
    );
  }
  return (
    <RecordingBar
      state={recorder.state}
      seconds={recorder.seconds}
      onCancel={recorder.cancel}
      onSend={recorder.send}
      sendLabel={t("options.stopRecording")}
    />
  );
}
