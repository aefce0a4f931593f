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
import type { ConnectionDTO } from "../api/connectionsApi";
import { useRemoveConnectionFile } from "../hooks/useRemoveConnectionFile";

interface Props {
  connection?: ConnectionDTO;
  pendingFile: File | null;
  onPick(file: File | null): void;
}

/** The greeting file: the attached one (delete on second click) or one chosen to upload. */
export function ConnectionFileField({ connection, pendingFile, onPick }: Props) {
  const { t } = useTranslation("connections");
  const input = useRef<HTMLInputElement>(null);
  const removal = useRemoveConnectionFile(connection?.id);
  const current = connection?.file;

  return (
    <Box>
      <Typography variant="subtitle2" color="primary" sx={{ mb: 0.5 }}>
        {t("file.title")}
      </Typography>
      {current && !pendingFile && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
          <AttachFileIcon fontSize="small" color="action" />
          <Link href={current.url} target="_blank" rel="noreferrer" sx={{ wordBreak: "break-all" }}>
            {current.name}
          </Link>
          <Button
            size="small"
            color="error"
            variant={removal.armed ? "contained" : "text"}
            startIcon={<DeleteOutlinedIcon />}
            onClick={removal.click}
            disabled={removal.removing}
          >
            {removal.armed ? t("file.confirmDelete") : t("file.delete")}
          </Button>
        </Box>
      )}
      {pendingFile && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <AttachFileIcon fontSize="small" color="action" />
          <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
            {pendingFile.name}
          </Typography>
          <IconButton size="small" aria-label={t("file.unpick")} onClick={() => onPick(null)}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      )}
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t("file.pick")}
        onChange={(event) => {
          onPick(event.target.files?.[0] ?? null);
          event.target.value = "";
        }}
      />
      <Button
        size="small"
        startIcon={<AttachFileIcon />}
        onClick={() => input.current?.click()}
        sx={{ mt: 0.5 }}
      >
        {current || pendingFile ? t("file.replace") : t("file.pick")}
      </Button>
    </Box>
  );
}
