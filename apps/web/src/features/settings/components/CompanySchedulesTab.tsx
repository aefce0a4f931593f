import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/Spinner";
import { WorkingHoursFields } from "../../../components/form/WorkingHoursFields";
import { useCompanySchedules } from "../hooks/useCompanySchedules";

/** Settings › Schedules (scheduleType company): the company's working hours. */
export function CompanySchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation(["settings", "common"]);
  const { form, onSubmit, loading, saving } = useCompanySchedules(companyId);
  if (loading) return <Spinner />;
  return (
    <form noValidate onSubmit={onSubmit}>
      <WorkingHoursFields control={form.control} errors={form.formState.errors} />
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t("common:actions.save")}
        </Button>
      </Box>
    </form>
  );
}
