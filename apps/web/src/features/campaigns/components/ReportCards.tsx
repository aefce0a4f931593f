import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { CampaignReportDTO } from "../api/campaignsApi";

const CARDS = [
  "total",
  "pending",
  "sent",
  "delivered",
  "read",
  "replied",
  "confirmed",
  "failed",
  "optedOut",
  "skipped",
] as const satisfies readonly (keyof CampaignReportDTO)[];

/** One card per count of the campaign's report. */
export function ReportCards({ report }: { report: CampaignReportDTO }) {
  const { t } = useTranslation("campaigns");
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {CARDS.map((key) => (
        <Grid key={key} size={{ xs: 6, sm: 4, md: 2.4 }}>
          <Paper
            variant="outlined"
            sx={{ p: 1.5, textAlign: "center" }}
            role="group"
            aria-label={t(`report.cards.${key}`)}
          >
            <Typography variant="body2" color="text.secondary">
              {t(`report.cards.${key}`)}
            </Typography>
            <Typography variant="h5" component="p">
              {report[key]}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
