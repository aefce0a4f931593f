import ConstructionOutlinedIcon from "@mui/icons-material/ConstructionOutlined";
import Paper from "@mui/material/Paper";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { useAuth } from "../../auth/hooks/useAuth";
import { useSettings } from "../hooks/useSettings";
import { CompanySchedulesTab } from "./CompanySchedulesTab";
import { OptionsTab } from "./OptionsTab";

type TabKey = "options" | "schedules" | "companies" | "plans" | "helps";

/**
 * /settings (admin-operator §2.2): Options always; Schedules when scheduleType is company;
 * Companies, Plans and Help for super users (delivered by another issue: a notice for now).
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
          {(current === "companies" || current === "plans" || current === "helps") && (
            <EmptyState
              icon={<ConstructionOutlinedIcon fontSize="large" />}
              message={t("common:comingSoon")}
            />
          )}
        </Paper>
      </Paper>
    </>
  );
}
