import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useArmedAction } from "../../hooks/useArmedAction";

export interface StoredFile {
  id?: number;
  name: string;
  url: string;
}

interface AttachmentFieldProps {
  /** The file already stored with the record. */
  current: StoredFile | null;
  pendingFile: File | null;
  onPick(file: File | null): void;
  /** Removes the stored file (second click of the delete button). */
  onRemove?(): void;
  removing?: boolean;
  accept?: string;
}

/** An attachment: the stored one (delete on a second click) or one chosen to upload on save. */
export function AttachmentField(props: AttachmentFieldProps) {
  const { current, pendingFile, onPick, onRemove, removing = false, accept } = props;
  const { t } = useTranslation("attachments");
  const input = useRef<HTMLInputElement>(null);
  const removal = useArmedAction(() => onRemove?.(), removing);
  return (
    <Box>
      {current && !pendingFile && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <AttachFileIcon fontSize="small" color="action" />
          <Link href={current.url} target="_blank" rel="noreferrer" sx={{ wordBreak: "break-all" }}>
            {current.name}
          </Link>
          {onRemove && (
            <Button
              size="small"
              color="error"
              variant={removal.armed ? "contained" : "text"}
              startIcon={<DeleteOutlinedIcon />}
              onClick={removal.click}
              disabled={removing}
            >
              {removal.armed ? t("confirmDelete") : t("delete")}
            </Button>
          )}
        </Box>
      )}
      {pendingFile && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <AttachFileIcon fontSize="small" color="action" />
          <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
            {pendingFile.name}
          </Typography>
          <IconButton size="small" aria-label={t("unpick")} onClick={() => onPick(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        aria-label={t("pick")}
        onChange={(event) => {
          onPick(event.target.files?.[0] ?? null);
          event.target.value = "";
        }}
      />
      <Button size="small" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()}>
        {current || pendingFile ? t("replace") : t("pick")}
      </Button>
    </Box>
  );
}
