import Paper from "@mui/material/Paper";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { useDashboard } from "../hooks/useDashboard";
import { AttendantsTable } from "./AttendantsTable";
import { DashboardCards } from "./DashboardCards";
import { DashboardFilter } from "./DashboardFilter";
import { TicketsByHourPanel } from "./TicketsByHourPanel";

/**
 * / (agent-core §2 "Dashboard", admins): the filter, six counters, today's tickets per hour and
 * the attendants. Skeletons show until the first load, one second after opening.
 */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const { allowed, data, fetching, apply } = useDashboard();

  if (!allowed) {
    return (
      <>
        <PageHeader title={t("title")} />
        <Paper variant="outlined">
          <EmptyState message={t("noPermission")} />
        </Paper>
      </>
    );
  }

  return (
    <>
      <PageHeader title={t("title")} />
      <DashboardFilter busy={fetching} onApply={apply} />
      <DashboardCards data={data} />
      <TicketsByHourPanel ticketsByHour={data?.ticketsByHour} />
      <AttendantsTable attendants={data?.attendants} />
    </>
  );
}
