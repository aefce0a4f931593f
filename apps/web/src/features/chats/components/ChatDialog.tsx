import type { ChatDTO } from "@atrium/shared";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { useChatForm } from "../hooks/useChatForm";
import { useChatUsers } from "../hooks/useChatUsers";
import { ChatUserPicker } from "./ChatUserPicker";
import { SubmitButton } from "../../../components/form/SubmitButton";
import { validationText } from "../../../app/validation";

interface ChatDialogProps {
  /** Absent: a new chat. */
  chat?: ChatDTO;
  meId: number;
  onClose(): void;
  onSaved(chat: ChatDTO, created: boolean): void;
}

/** New or edit chat: a title and a user picker (admin-operator §2.14). */
export function ChatDialog({ chat, meId, onClose, onSaved }: ChatDialogProps) {
  const { t } = useTranslation(["chats", "common"]);
  const { form, onSubmit, saving, isEdit } = useChatForm({ chat, meId, onSaved });
  const users = useChatUsers(meId);

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="chat-dialog-title"
    >
      <DialogTitle id="chat-dialog-title">
        {t(isEdit ? "dialog.editTitle" : "dialog.newTitle")}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              {...textFieldProps(form, "title")}
              label={t("dialog.title")}
              required
              autoFocus
              fullWidth
            />
            <Controller
              control={form.control}
              name="users"
              render={({ field, fieldState }) => (
                <ChatUserPicker
                  options={users.users}
                  loading={users.loading}
                  value={field.value}
                  onChange={field.onChange}
                  error={validationText(fieldState.error?.message)}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common:actions.cancel")}
          </Button>
          <SubmitButton saving={saving}>{t("common:actions.save")}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
