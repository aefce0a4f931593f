import { useTheme } from "@mui/material/styles";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { HourBucket } from "../api/dashboardFormat";
import { CHART_HEIGHT_PX } from "./chartSize";

interface TicketsByHourChartProps {
  buckets: HourBucket[];
  /** The bar series' name in the tooltip. */
  seriesLabel: string;
}

/** Today's tickets per hour (recharts; loaded only with the dashboard). */
export function TicketsByHourChart({ buckets, seriesLabel }: TicketsByHourChartProps) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={CHART_HEIGHT_PX}>
      <BarChart data={buckets} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="hour" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip cursor={{ fill: theme.palette.action.hover }} />
        <Bar
          dataKey="tickets"
          name={seriesLabel}
          fill={theme.palette.primary.main}
          radius={[4, 4, 0, 0]}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
