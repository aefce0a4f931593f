import { COMPOSER_ROWS } from "@atrium/shared";
import SendIcon from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useChatComposer } from "../hooks/useChatComposer";

/** The message box: Enter or the button sends; a failed send offers a retry right here. */
export function ChatComposer({ chatId }: { chatId: number }) {
  const { t } = useTranslation("chats");
  const composer = useChatComposer(chatId);
  return (
    <Box sx={{ borderTop: 1, borderColor: "divider", p: 1 }}>
      {composer.failed && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={composer.retry}>
              {t("conversation.retry")}
            </Button>
          }
        >
          {t("conversation.sendFailed")}
        </Alert>
      )}
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 1 }}>
        <TextField
          fullWidth
          multiline
          size="small"
          maxRows={COMPOSER_ROWS}
          placeholder={t("conversation.placeholder")}
          value={composer.text}
          onChange={(event) => composer.setText(event.target.value)}
          onKeyDown={composer.onKeyDown}
          slotProps={{ htmlInput: { "aria-label": t("conversation.placeholder") } }}
        />
        <IconButton
          color="primary"
          aria-label={t("conversation.send")}
          disabled={!composer.canSend}
          onClick={composer.submit}
        >
          <SendIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
