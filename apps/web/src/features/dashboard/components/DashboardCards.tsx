import type { DashboardDTO } from "@atrium/shared";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlineOutlined";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import HowToRegOutlinedIcon from "@mui/icons-material/HowToRegOutlined";
import PersonAddAltOutlinedIcon from "@mui/icons-material/PersonAddAltOutlined";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDuration } from "../api/dashboardFormat";

interface CardProps {
  label: string;
  value: string | undefined;
  icon: ReactNode;
}

function CounterCard({ label, value, icon }: CardProps) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={label}
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: "flex",
        alignItems: "center",
        gap: { xs: 1, sm: 2 },
        minWidth: 0,
      }}
    >
      <Box sx={{ color: "primary.main", display: "flex" }} aria-hidden>
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {value ?? <Skeleton width={64} />}
        </Typography>
      </Box>
    </Paper>
  );
}

/** The six counters of agent-core §2: support counts, leads and the two average times. */
export function DashboardCards({ data }: { data: DashboardDTO | undefined }) {
  const { t } = useTranslation("dashboard");
  const count = (value: number | undefined) => (value === undefined ? undefined : String(value));
  const duration = (value: number | undefined) =>
    value === undefined ? undefined : formatDuration(value, t);
  const cards: CardProps[] = [
    { label: t("cards.pending"), value: count(data?.supportPending), icon: <HourglassEmptyIcon /> },
    {
      label: t("cards.happening"),
      value: count(data?.supportHappening),
      icon: <ForumOutlinedIcon />,
    },
    {
      label: t("cards.finished"),
      value: count(data?.supportFinished),
      icon: <CheckCircleOutlineIcon />,
    },
    { label: t("cards.leads"), value: count(data?.leads), icon: <PersonAddAltOutlinedIcon /> },
    {
      label: t("cards.avgSupportTime"),
      value: duration(data?.avgSupportTime),
      icon: <HowToRegOutlinedIcon />,
    },
    { label: t("cards.avgWaitTime"), value: duration(data?.avgWaitTime), icon: <AccessTimeIcon /> },
  ];
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "repeat(2, 1fr)", md: "repeat(3, 1fr)" },
        gap: { xs: 1, sm: 2 },
        mb: 2,
      }}
    >
      {cards.map((card) => (
        <CounterCard key={card.label} {...card} />
      ))}
    </Box>
  );
}
