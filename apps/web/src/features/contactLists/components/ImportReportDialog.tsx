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

/** What an import did: created, updated, skipped, and each refused row 'Linha N: motivo'. */
export function ImportReportDialog({
  result,
  onClose,
}: {
  result: ContactImportResult | undefined;
  onClose(): void;
}) {
  const { t } = useTranslation(["campaigns", "common"]);
  return (
    <Dialog open={Boolean(result)} onClose={onClose} aria-labelledby="list-import-title">
      <DialogTitle id="list-import-title">{t("items.importReport.title")}</DialogTitle>
      <DialogContent dividers>
        {result && (
          <>
            <Typography>{t("items.importReport.created", { count: result.created })}</Typography>
            <Typography>{t("items.importReport.updated", { count: result.updated })}</Typography>
            <Typography>{t("items.importReport.skipped", { count: result.skipped })}</Typography>
            <Typography>
              {t("items.importReport.refused", { count: result.errors.length })}
            </Typography>
            {result.errors.length > 0 && (
              <List dense aria-label={t("items.importReport.refusedList")}>
                {result.errors.map((error) => (
                  <ListItem key={`${error.row}-${error.message}`}>
                    {t("items.importReport.row", { row: error.row, message: error.message })}
                  </ListItem>
                ))}
              </List>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common:actions.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
