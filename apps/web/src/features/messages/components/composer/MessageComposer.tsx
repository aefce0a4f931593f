import { COMPOSER_ROWS } from "@atrium/shared";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import MicIcon from "@mui/icons-material/Mic";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { MessageDTO } from "../../api/messageTypes";
import { useAudioRecorder } from "../../hooks/useAudioRecorder";
import { useComposer } from "../../hooks/useComposer";
import { AttachmentsPreview } from "./AttachmentsPreview";
import { EmojiButton } from "./EmojiButton";
import { QuickMessagesMenu } from "./QuickMessagesMenu";
import { RecordingBar } from "./RecordingBar";
import { ReplyPreview } from "./ReplyPreview";

interface MessageComposerProps {
  ticketId: number;
  /** Every control is disabled unless the ticket is open. */
  enabled: boolean;
  replyTo: MessageDTO | null;
  onClearReply(): void;
}

/** The message composer (agent-core §2): Enter sends, Shift+Enter breaks the line. */
export function MessageComposer({
  ticketId,
  enabled,
  replyTo,
  onClearReply,
}: MessageComposerProps) {
  const { t } = useTranslation("messages");
  const composer = useComposer({ ticketId, enabled, replyTo, clearReply: onClearReply });
  const recorder = useAudioRecorder(composer.sendAudio);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [highlighted, setHighlighted] = useState(0);
  const quick = composer.quickMessages;
  const quickOpen = enabled && quick.length > 0;
  const disabled = !enabled;

  // Where the next emoji goes: the caret when the picker opened, then after each one picked.
  const caretRef = useRef<number | null>(null);
  const insertEmoji = (emoji: string) => {
    const at = caretRef.current ?? inputRef.current?.selectionStart ?? composer.text.length;
    composer.setText(composer.text.slice(0, at) + emoji + composer.text.slice(at));
    caretRef.current = at + emoji.length;
  };
  const focusInput = () => {
    const box = inputRef.current;
    const caret = caretRef.current;
    caretRef.current = null;
    box?.focus();
    if (box && caret !== null) box.setSelectionRange(caret, caret);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (quickOpen && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setHighlighted((i) => (i + step + quick.length) % quick.length);
    } else if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      if (quickOpen) composer.chooseQuickMessage(quick[Math.min(highlighted, quick.length - 1)]!);
      else composer.send();
    }
  };

  return (
    <Box sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      {replyTo && <ReplyPreview message={replyTo} onClose={onClearReply} />}
      {composer.files.length > 0 && (
        <AttachmentsPreview files={composer.files} onRemove={composer.removeFile} />
      )}
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 0.5, p: 1 }}>
        <EmojiButton
          disabled={disabled}
          onPick={insertEmoji}
          onEnter={composer.send}
          onClosed={focusInput}
        />
        <IconButton
          aria-label={t("composer.attach")}
          disabled={disabled}
          onClick={() => fileRef.current?.click()}
        >
          <AttachFileIcon />
        </IconButton>
        <input
          ref={fileRef}
          type="file"
          multiple
          hidden
          data-testid="composer-file-input"
          onChange={(event) => {
            composer.addFiles(Array.from(event.target.files ?? []));
            event.target.value = "";
          }}
        />
        <TextField
          inputRef={inputRef}
          multiline
          maxRows={COMPOSER_ROWS}
          fullWidth
          size="small"
          disabled={disabled || recorder.state !== "idle"}
          placeholder={enabled ? t("composer.placeholder") : t("composer.placeholderClosed")}
          value={composer.text}
          onChange={(event) => {
            setHighlighted(0);
            composer.setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          slotProps={{ htmlInput: { "aria-label": t("composer.label") } }}
          sx={{ "& .MuiInputBase-root": { borderRadius: 4, bgcolor: "background.default" } }}
        />
        {recorder.state !== "idle" ? (
          <RecordingBar
            state={recorder.state}
            seconds={recorder.seconds}
            onCancel={recorder.cancel}
            onSend={recorder.send}
          />
        ) : composer.canSend || composer.text.length > 0 ? (
          <IconButton
            aria-label={t("composer.send")}
            color="primary"
            disabled={!composer.canSend}
            onClick={composer.send}
          >
            <SendIcon />
          </IconButton>
        ) : (
          <IconButton aria-label={t("audio.record")} disabled={disabled} onClick={recorder.start}>
            <MicIcon />
          </IconButton>
        )}
      </Box>
      {composer.signature.canToggle && (
        <FormControlLabel
          sx={{ ml: 1, mb: 0.5 }}
          disabled={disabled}
          control={
            <Switch
              size="small"
              checked={composer.signature.signed}
              onChange={(event) => composer.signature.setSigned(event.target.checked)}
            />
          }
          label={t("composer.sign")}
          slotProps={{ typography: { variant: "caption" } }}
        />
      )}
      <QuickMessagesMenu
        anchor={quickOpen ? inputRef.current : null}
        options={quick}
        highlighted={Math.min(highlighted, Math.max(quick.length - 1, 0))}
        onChoose={composer.chooseQuickMessage}
      />
    </Box>
  );
}
