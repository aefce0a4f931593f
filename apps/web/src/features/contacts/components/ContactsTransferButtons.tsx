import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import FileUploadOutlinedIcon from "@mui/icons-material/FileUploadOutlined";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
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
      <Dialog
        open={Boolean(result)}
        onClose={() => importFile.reset()}
        aria-labelledby="import-result-title"
      >
        <DialogTitle id="import-result-title">{t("transfer.resultTitle")}</DialogTitle>
        <DialogContent dividers>
          {result && (
            <>
              <Typography>{t("transfer.created", { count: result.created })}</Typography>
              <Typography>{t("transfer.updated", { count: result.updated })}</Typography>
              <Typography>{t("transfer.skipped", { count: result.skipped })}</Typography>
              <Typography>{t("transfer.errors", { count: result.errors.length })}</Typography>
              {result.errors.length > 0 && (
                <List dense aria-label={t("transfer.errorsList")}>
                  {result.errors.map((error) => (
                    <ListItem key={`${error.row}-${error.message}`}>
                      {t("transfer.errorRow", { row: error.row, message: error.message })}
                    </ListItem>
                  ))}
                </List>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => importFile.reset()}>{t("common:actions.close")}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
