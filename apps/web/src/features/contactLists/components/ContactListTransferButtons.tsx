import FactCheckOutlinedIcon from "@mui/icons-material/FactCheckOutlined";
import FileDownloadOutlinedIcon from "@mui/icons-material/FileDownloadOutlined";
import FileUploadOutlinedIcon from "@mui/icons-material/FileUploadOutlined";
import Button from "@mui/material/Button";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useContactListTransfer } from "../hooks/useContactListTransfer";
import { ImportReportDialog } from "../../../components/ImportReportDialog";
import { ValidateDialog } from "./ValidateDialog";

const ACCEPT =
  ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** 'Importar' (CSV/XLSX), 'Baixar modelo' and 'Validar no WhatsApp' of one list. */
export function ContactListTransferButtons({ contactListId }: { contactListId: number }) {
  const { t } = useTranslation("campaigns");
  const input = useRef<HTMLInputElement>(null);
  const [validating, setValidating] = useState(false);
  const { importFile, template, validate } = useContactListTransfer(contactListId);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={ACCEPT}
        aria-label={t("items.importFile")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) importFile.mutate(file);
          event.target.value = "";
        }}
      />
      <Button
        variant="outlined"
        sx={{ whiteSpace: "nowrap" }}
        startIcon={<FileUploadOutlinedIcon />}
        disabled={importFile.isPending}
        onClick={() => input.current?.click()}
      >
        {t("items.import")}
      </Button>
      <Button
        variant="outlined"
        sx={{ whiteSpace: "nowrap" }}
        startIcon={<FileDownloadOutlinedIcon />}
        disabled={template.isPending}
        onClick={() => template.mutate()}
      >
        {t("items.template")}
      </Button>
      <Button
        variant="outlined"
        sx={{ whiteSpace: "nowrap" }}
        startIcon={<FactCheckOutlinedIcon />}
        onClick={() => setValidating(true)}
      >
        {t("items.validate")}
      </Button>
      <ImportReportDialog result={importFile.data} onClose={() => importFile.reset()} />
      {validating && (
        <ValidateDialog
          busy={validate.isPending}
          onValidate={(whatsappId) =>
            validate.mutate(whatsappId, { onSuccess: () => setValidating(false) })
          }
          onClose={() => setValidating(false)}
        />
      )}
    </>
  );
}
