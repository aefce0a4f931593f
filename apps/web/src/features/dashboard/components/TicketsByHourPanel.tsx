import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { toHourBuckets } from "../api/dashboardFormat";
import { CHART_HEIGHT_PX } from "./chartSize";

// recharts is heavy: it loads with the dashboard's first data, never with the app shell.
const TicketsByHourChart = lazy(async () => ({
  default: (await import("./TicketsByHourChart")).TicketsByHourChart,
}));

/** The bar chart of today's tickets per hour, 01:00 … 23:00, 00:00. */
export function TicketsByHourPanel({ ticketsByHour }: { ticketsByHour: number[] | undefined }) {
  const { t } = useTranslation("dashboard");
  const placeholder = <Skeleton variant="rounded" height={CHART_HEIGHT_PX} />;
  return (
    <Paper component="figure" variant="outlined" sx={{ p: 2, m: 0, mb: 2 }}>
      <Typography component="figcaption" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t("chart.title")}
      </Typography>
      {ticketsByHour === undefined ? (
        placeholder
      ) : (
        <Suspense fallback={placeholder}>
          <TicketsByHourChart
            buckets={toHourBuckets(ticketsByHour)}
            seriesLabel={t("chart.series")}
          />
        </Suspense>
      )}
    </Paper>
  );
}
