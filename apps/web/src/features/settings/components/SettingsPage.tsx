import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/PageHeader";
import { Spinner } from "../../../components/Spinner";
import { useAuth } from "../../auth/hooks/useAuth";
import { useSettings } from "../hooks/useSettings";
import { CompanySchedulesTab } from "./CompanySchedulesTab";
import { OptionsTab } from "./OptionsTab";

// The operator's screens load only when a super user opens their tab.
const CompaniesManager = lazy(async () => ({
  default: (await import("../../companies/components/CompaniesManager")).CompaniesManager,
}));
const PlansManager = lazy(async () => ({
  default: (await import("../../plans/components/PlansManager")).PlansManager,
}));
const HelpRecordsManager = lazy(async () => ({
  default: (await import("../../helpRecords/components/HelpRecordsManager")).HelpRecordsManager,
}));

type TabKey = "options" | "schedules" | "companies" | "plans" | "helps";

/**
 * /settings (admin-operator §2.2): Options always; Schedules when scheduleType is company;
 * Companies, Plans and Help for super users (each a lazily loaded screen).
 */
export function SettingsPage() {
  const { t } = useTranslation(["settings", "common"]);
  const { user } = useAuth();
  const { valueOf } = useSettings();
  const [tab, setTab] = useState<TabKey>("options");
  const tabs: TabKey[] = ["options"];
  if (valueOf("scheduleType") === "company") tabs.push("schedules");
  if (user?.super) tabs.push("companies", "plans", "helps");
  const current = tabs.includes(tab) ? tab : "options";

  return (
    <>
      <PageHeader title={t("title")} />
      <Paper variant="outlined">
        <Tabs
          value={current}
          onChange={(_event, next: TabKey) => setTab(next)}
          variant="scrollable"
          sx={{ borderBottom: 1, borderColor: "divider" }}
        >
          {tabs.map((key) => (
            <Tab key={key} value={key} label={t(`tabs.${key}`)} />
          ))}
        </Tabs>
        <Paper elevation={0} sx={{ p: 2 }} role="tabpanel" aria-label={t(`tabs.${current}`)}>
          {current === "options" && <OptionsTab />}
          {current === "schedules" && user && <CompanySchedulesTab companyId={user.companyId} />}
          <Suspense fallback={<Spinner />}>
            {current === "companies" && <CompaniesManager />}
            {current === "plans" && <PlansManager />}
            {current === "helps" && <HelpRecordsManager />}
          </Suspense>
        </Paper>
      </Paper>
    </>
  );
}
