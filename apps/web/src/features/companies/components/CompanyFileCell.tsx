import CloudUploadOutlinedIcon from "@mui/icons-material/CloudUploadOutlined";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { CompanyFileDTO, CompanyFileKind } from "../api/companiesApi";

interface CompanyFileCellProps {
  kind: CompanyFileKind;
  companyName: string;
  file: CompanyFileDTO | null;
  busy: boolean;
  onUpload(file: File): void;
  onDelete(): void;
}

/** The boleto (invoice) or nota (note) file of a row: a link and delete, or upload (§2.3). */
export function CompanyFileCell({
  kind,
  companyName,
  file,
  busy,
  onUpload,
  onDelete,
}: CompanyFileCellProps) {
  const { t } = useTranslation("companies");
  const inputId = useId();
  const what = t(`files.${kind}`);
  if (file) {
    return (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
        <Link
          href={file.url ?? file.uri ?? undefined}
          target="_blank"
          rel="noreferrer"
          sx={{ maxWidth: 140, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
        >
          {file.name}
        </Link>
        <IconButton
          size="small"
          disabled={busy}
          aria-label={t("files.delete", { what, name: companyName })}
          onClick={onDelete}
        >
          <DeleteOutlinedIcon fontSize="small" />
        </IconButton>
      </Stack>
    );
  }
  return (
    <>
      <input
        id={inputId}
        type="file"
        hidden
        aria-label={t("files.upload", { what, name: companyName })}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Choosing no file does nothing (§2.3).
          if (chosen) onUpload(chosen);
          event.target.value = "";
        }}
      />
      <IconButton
        size="small"
        component="label"
        htmlFor={inputId}
        disabled={busy}
        title={t("files.upload", { what, name: companyName })}
      >
        <CloudUploadOutlinedIcon fontSize="small" />
      </IconButton>
    </>
  );
}
