import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { CompaniesDashboardDTO } from "../api/companiesApi";
import { useCompaniesDashboard } from "../hooks/useCompaniesData";

const COUNTERS: (keyof CompaniesDashboardDTO)[] = [
  "clientCount",
  "testClientCount",
  "overdueClientCount",
  "baileysCount",
  "facebookCount",
  "instagramCount",
  "webChatCount",
  "whatsAppBusiness",
];

/** The counters row: clients, free trials, overdue and connections per channel (§2.3). */
export const CompaniesDashboard = memo(function CompaniesDashboard() {
  const { t } = useTranslation("companies");
  const { counters, loading } = useCompaniesDashboard();
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: "wrap", gap: 1 }}>
      {COUNTERS.map((key) => (
        <Paper
          key={key}
          variant="outlined"
          sx={{ px: 2, py: 1, minWidth: 120, flex: "1 1 120px" }}
          aria-label={t(`dashboard.${key}`)}
          role="group"
        >
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {t(`dashboard.${key}`)}
          </Typography>
          <Typography variant="h6" color="primary" component="div">
            {loading ? <Skeleton width={32} /> : (counters?.[key] ?? 0)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
});
