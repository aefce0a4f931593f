import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import { useTranslation } from "react-i18next";
import type { MessageDTO } from "../../api/messageTypes";
import { QuotedMessage } from "../QuotedMessage";

/** The message being answered, above the input, with a close button. */
export function ReplyPreview({ message, onClose }: { message: MessageDTO; onClose(): void }) {
  const { t } = useTranslation("messages");
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 1, pt: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <QuotedMessage
          quoted={{
            id: message.id,
            body: message.body,
            fromMe: message.fromMe,
            mediaType: message.mediaType,
            contact: message.contact ? { name: message.contact.name } : null,
          }}
        />
      </Box>
      <IconButton size="small" aria-label={t("composer.cancelReply")} onClick={onClose}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
