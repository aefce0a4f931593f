import type { ContactImportResult } from "@atrium/shared";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { validationText } from "../app/validation";

/**
 * What an import of contacts or list items did: created, updated, skipped, and each refused
 * row 'Linha N: motivo' with the server's reason in the app's language.
 */
export function ImportReportDialog({
  result,
  onClose,
}: {
  result: ContactImportResult | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation("common");
  return (
    <Dialog open={Boolean(result)} onClose={onClose} aria-labelledby="import-report-title">
      <DialogTitle id="import-report-title">{t("importReport.title")}</DialogTitle>
      <DialogContent dividers>
        {result && (
          <>
            <Typography>{t("importReport.created", { count: result.created })}</Typography>
            <Typography>{t("importReport.updated", { count: result.updated })}</Typography>
            <Typography>{t("importReport.skipped", { count: result.skipped })}</Typography>
            <Typography>{t("importReport.refused", { count: result.errors.length })}</Typography>
            {result.errors.length > 0 && (
              <List dense aria-label={t("importReport.refusedList")}>
                {result.errors.map((error) => (
                  <ListItem key={`${error.row}-${error.message}`}>
                    {t("importReport.row", {
                      row: error.row,
                      message: validationText(error.message),
                    })}
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("actions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
