import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import FileUploadOutlinedIcon from "@mui/icons-material/FileUploadOutlined";
import Button from "@mui/material/Button";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ImportReportDialog } from "../../../components/ImportReportDialog";
import { useContactsTransfer } from "../hooks/useContactsTransfer";

/** 'Importar' (CSV/XLSX) and 'Exportar' (contatos.xlsx), for contacts-page:importExport. */
export function ContactsTransferButtons() {
  const { t } = useTranslation(["contacts", "common"]);
  const input = useRef<HTMLInputElement>(null);
  const { importFile, exportFile } = useContactsTransfer();
  const result = importFile.data;

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label={t("transfer.importFile")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) importFile.mutate(file);
          event.target.value = "";
        }}
      />
      <Button
        variant="outlined"
        startIcon={<FileUploadOutlinedIcon />}
        disabled={importFile.isPending}
        onClick={() => input.current?.click()}
      >
        {t("transfer.import")}
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        disabled={exportFile.isPending}
        onClick={() => exportFile.mutate()}
      >
        {t("transfer.export")}
      </Button>
      <ImportReportDialog result={result} onClose={() => importFile.reset()} />
    </>
  );
}
