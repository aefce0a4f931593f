import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/Spinner";
import { WorkingHoursFields } from "../../../components/form/WorkingHoursFields";
import { useCompanySchedules } from "../hooks/useCompanySchedules";
import { SubmitButton } from "../../../components/form/SubmitButton";

/** Settings › Schedules (scheduleType company): the company's working hours. */
export function CompanySchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation(["settings", "common"]);
  const { form, onSubmit, loading, saving } = useCompanySchedules(companyId);
  if (loading) return <Spinner />;
  return (
    <form noValidate onSubmit={onSubmit}>
      <WorkingHoursFields control={form.control} errors={form.formState.errors} />
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
        <SubmitButton saving={saving}>{t("common:actions.save")}</SubmitButton>
      </Box>
    </form>
  );
}
