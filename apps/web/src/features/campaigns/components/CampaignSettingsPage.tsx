import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/PageHeader";
import { useCampaignSettingsQuery } from "../hooks/useCampaignSettings";
import { CampaignSettingsForm } from "./CampaignSettingsForm";

/** /campaigns-config: sending pace, allowed hours and days, opt-out words. */
export function CampaignSettingsPage() {
  const { t } = useTranslation(["campaigns", "common"]);
  const { data } = useCampaignSettingsQuery();
  return (
    <>
      <PageHeader title={t("settings.title")} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        {data ? (
          <CampaignSettingsForm settings={data} />
        ) : (
          <LinearProgress aria-label={t("common:loading")} />
        )}
      </Paper>
    </>
  );
}
