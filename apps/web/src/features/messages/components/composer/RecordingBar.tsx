import CancelOutlinedIcon from "@mui/icons-material/CancelOutlined";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import FiberManualRecordIcon from "@mui/icons-material/FiberManualRecord";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { RecordingState } from "../../hooks/useAudioRecorder";
import { recordingClock } from "../../lib/mp3";

interface RecordingBarProps {
  state: RecordingState;
  seconds: number;
  onCancel(): void;
  onSend(): void;
  /** What finishing does (default: send the audio). */
  sendLabel?: string;
}

/** While recording: cancel, the mm:ss clock and send. */
export function RecordingBar({ state, seconds, onCancel, onSend, sendLabel }: RecordingBarProps) {
  const { t } = useTranslation("messages");
  const encoding = state === "encoding";
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
      <IconButton
        aria-label={t("audio.cancel")}
        onClick={onCancel}
        disabled={encoding}
        color="error"
      >
        <CancelOutlinedIcon />
      </IconButton>
      {encoding ? (
        <CircularProgress size={20} aria-label={t("audio.encoding")} />
      ) : (
        <FiberManualRecordIcon fontSize="small" color="error" />
      )}
      <Typography variant="body2" aria-live="polite" sx={{ fontVariantNumeric: "tabular-nums" }}>
        {recordingClock(seconds)}
      </Typography>
      <IconButton
        aria-label={sendLabel ?? t("audio.send")}
        onClick={onSend}
        disabled={encoding}
        color="success"
      >
        <CheckCircleOutlineIcon />
      </IconButton>
    </Box>
  );
}
