import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanDTO } from "../../plans/api/plansApi";
import type { InstanceDTO, OperatorCompanyDTO } from "../api/companiesApi";
import { useCompanyForm } from "../hooks/useCompanyForm";
import { CompanyFormFields } from "./CompanyForm";
import { ConnectionLimitDialog } from "./ConnectionLimitDialog";
import { SubmitButton } from "../../../components/form/SubmitButton";

export type CompanyConfirmation = "resendAccess" | "closeAll" | "archive" | "delete";

interface CompanyEditorProps {
  selected: OperatorCompanyDTO | null;
  plans: PlanDTO[];
  instances: InstanceDTO[];
  onClear(): void;
  onConfirm(kind: CompanyConfirmation): void;
  onOpenUser(): void;
}

/** The form, light blue while a company is selected, and its actions (§2.3). */
export const CompanyEditor = memo(function CompanyEditor({
  selected,
  plans,
  instances,
  onClear,
  onConfirm,
  onOpenUser,
}: CompanyEditorProps) {
  const { t } = useTranslation(["companies", "common"]);
  const { form, onSubmit, saving, advanceDueDate } = useCompanyForm(selected, onClear);
  const [limitsOpen, setLimitsOpen] = useState(false);

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      aria-label={t("form.label")}
      variant="outlined"
      sx={{ p: 2, bgcolor: selected ? "#e3f2fd" : undefined }}
    >
      <CompanyFormFields form={form} isNew={!selected} plans={plans} instances={instances} />
      <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1, mt: 2 }}>
        <Button variant="outlined" onClick={() => setLimitsOpen(true)}>
          {t("form.connectionLimit")}
        </Button>
        <Button variant="outlined" onClick={advanceDueDate}>
          {t("actions.nextDueDate")}
        </Button>
        {selected && (
          <>
            <Button variant="outlined" onClick={() => onConfirm("resendAccess")}>
              {t("actions.resendAccess")}
            </Button>
            <Button variant="outlined" onClick={() => onConfirm("closeAll")}>
              {t("actions.closeAll")}
            </Button>
            <Button variant="outlined" color="warning" onClick={() => onConfirm("archive")}>
              {t(selected.archived ? "actions.unarchive" : "actions.archive")}
            </Button>
            {selected.archived && (
              <Button variant="outlined" color="error" onClick={() => onConfirm("delete")}>
                {t("common:actions.delete")}
              </Button>
            )}
            <Button variant="outlined" onClick={onOpenUser}>
              {t("actions.user")}
            </Button>
          </>
        )}
        <Stack direction="row" spacing={1} sx={{ ml: "auto" }}>
          <Button onClick={onClear} disabled={saving}>
            {t("actions.clear")}
          </Button>
          <SubmitButton saving={saving}>{t("common:actions.save")}</SubmitButton>
        </Stack>
      </Stack>
      <ConnectionLimitDialog form={form} open={limitsOpen} onClose={() => setLimitsOpen(false)} />
    </Paper>
  );
});
