import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { useCampaign, useCampaignCommand } from "../hooks/useCampaigns";
import { campaignAllows, campaignProgress, formatStamp } from "../lib/campaignRules";
import { CampaignStatusChip } from "./CampaignStatusChip";
import { ReportCards } from "./ReportCards";
import { ShipmentsPanel } from "./ShipmentsPanel";

/** /campaigns/:id/report: state, counts by outcome, progress and the recipients. */
export function CampaignReportPage() {
  const { t } = useTranslation(["campaigns", "common"]);
  const id = Number(useParams().id);
  const { data: campaign, isPending, isError } = useCampaign(id);
  const command = useCampaignCommand();
  const [confirmCancel, setConfirmCancel] = useState(false);

  if (isPending) return <LinearProgress aria-label={t("common:loading")} />;
  if (isError || !campaign) return <EmptyState message={t("report.notFound")} />;
  const progress = campaignProgress(campaign.report);
  const run = (name: "pause" | "resume") => command.mutate({ id, command: name });
  const facts: [string, string][] = [
    ["report.whatsapp", campaign.whatsapp?.name ?? ""],
    [
      "report.scheduledAt",
      campaign.scheduledAt ? formatStamp(campaign.scheduledAt) : t("campaigns.now"),
    ],
    ["report.startedAt", formatStamp(campaign.startedAt)],
    ["report.completedAt", formatStamp(campaign.completedAt)],
  ];
  return (
    <>
      <PageHeader title={t("report.title", { name: campaign.name })}>
        <Button component={RouterLink} to="/campaigns" startIcon={<ArrowBackIcon />}>
          {t("report.back")}
        </Button>
        {campaignAllows.pause(campaign.status) && (
          <Button variant="outlined" disabled={command.isPending} onClick={() => run("pause")}>
            {t("report.actions.pause")}
          </Button>
        )}
        {campaignAllows.resume(campaign.status) && (
          <Button variant="outlined" disabled={command.isPending} onClick={() => run("resume")}>
            {t("report.actions.resume")}
          </Button>
        )}
        {campaignAllows.cancel(campaign.status) && (
          <Button color="error" variant="outlined" onClick={() => setConfirmCancel(true)}>
            {t("report.actions.cancel")}
          </Button>
        )}
      </PageHeader>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 3, alignItems: "center" }}>
          <CampaignStatusChip status={campaign.status} />
          {facts.map(([key, value]) => (
            <Typography key={key} variant="body2">
              <strong>{t(key)}:</strong> {value || "—"}
            </Typography>
          ))}
        </Box>
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress.percent}
            aria-label={t("campaigns.table.progress")}
          />
          <Typography variant="caption" color="text.secondary">
            {t("report.progress", { done: progress.done, total: progress.total })}
          </Typography>
        </Box>
      </Paper>
      <ReportCards report={campaign.report} />
      <ShipmentsPanel campaignId={id} />
      <ConfirmDialog
        open={confirmCancel}
        title={t("campaigns.confirmCancel.title", { name: campaign.name })}
        message={t("campaigns.confirmCancel.message")}
        confirmLabel={t("campaigns.confirmCancel.confirm")}
        busy={command.isPending}
        onConfirm={() =>
          command.mutate({ id, command: "cancel" }, { onSettled: () => setConfirmCancel(false) })
        }
        onClose={() => setConfirmCancel(false)}
      />
    </>
  );
}
