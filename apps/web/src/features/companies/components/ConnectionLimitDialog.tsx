import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { CONNECTION_LIMIT_KEYS } from "../../plans/api/plansApi";
import type { CompanyFormValues } from "../lib/companyForm";

/**
 * The company's own per-channel connection limits, numeric inputs (§2.3, §5); 0 means the
 * plan's limit applies, which the dialog says.
 */
export function ConnectionLimitDialog({
  form,
  open,
  onClose,
}: {
  form: UseFormReturn<CompanyFormValues>;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation(["companies", "plans", "common"]);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="limits-title">
      <DialogTitle id="limits-title">{t("form.connectionLimit")}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>{t("limits.explain")}</DialogContentText>
        <Stack spacing={2}>
          {CONNECTION_LIMIT_KEYS.map((key) => {
            const field = textFieldProps(form, `connectionLimit.${key}`);
            return (
              <TextField
                key={key}
                type="number"
                label={t(`plans:fields.${key}`)}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
                {...field}
                helperText={field.helperText ?? t("limits.zeroMeansPlan")}
                id={`company-limit-${key}`}
              />
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t("common:actions.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
