import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import IconButton from "@mui/material/IconButton";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import type { MessageDTO } from "../api/messageTypes";
import { useDeleteMessage } from "../hooks/useDeleteMessage";

interface MessageOptionsMenuProps {
  message: MessageDTO;
  canDelete: boolean;
  onReply(message: MessageDTO): void;
}

/** 'Responder' for every message; 'Deletar' (with confirmation) for the user's own. */
export function MessageOptionsMenu({ message, canDelete, onReply }: MessageOptionsMenuProps) {
  const { t } = useTranslation("messages");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMessage();
  return (
    <>
      <IconButton
        size="small"
        className="message-options"
        aria-label={t("options.open")}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ position: "absolute", top: 0, right: 0, p: 0.25 }}
      >
        <ExpandMoreIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onReply(message);
          }}
        >
          {t("options.reply")}
        </MenuItem>
        {canDelete && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setConfirming(true);
            }}
          >
            {t("options.delete")}
          </MenuItem>
        )}
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={t("options.confirmDelete.title")}
        message={t("options.confirmDelete.message")}
        confirmLabel={t("options.delete")}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(message.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
