import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { SkeletonRows } from "../../../components/SkeletonRows";
import type { CampaignDTO } from "../api/campaignsApi";
import { campaignProgress, formatStamp } from "../lib/campaignRules";
import { CampaignRowActions, type CampaignRowHandlers } from "./CampaignRowActions";
import { CampaignStatusChip } from "./CampaignStatusChip";

const COLUMNS = ["name", "status", "recipients", "whatsapp", "scheduledAt", "progress", "actions"];

interface Props extends CampaignRowHandlers {
  campaigns: CampaignDTO[];
  loading: boolean;
  loadingMore: boolean;
}

export function CampaignsTable({ campaigns, loading, loadingMore, ...handlers }: Props) {
  const { t } = useTranslation("campaigns");
  const recipients = (campaign: CampaignDTO) => {
    if (campaign.contactList)
      return t("campaigns.recipientList", { name: campaign.contactList.name });
    if (campaign.tag) return t("campaigns.recipientTag", { name: campaign.tag.name });
    return "";
  };
  return (
    <Table size="small" stickyHeader aria-label={t("campaigns.title")}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column} align={column === "name" ? "left" : "center"}>
              {t(`campaigns.table.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {campaigns.map((campaign) => {
          const progress = campaignProgress(campaign.report);
          return (
            <TableRow key={campaign.id} hover>
              <TableCell>{campaign.name}</TableCell>
              <TableCell align="center">
                <CampaignStatusChip status={campaign.status} />
              </TableCell>
              <TableCell align="center">{recipients(campaign)}</TableCell>
              <TableCell align="center">{campaign.whatsapp?.name ?? ""}</TableCell>
              <TableCell align="center">
                {campaign.scheduledAt ? formatStamp(campaign.scheduledAt) : t("campaigns.now")}
              </TableCell>
              <TableCell align="center" sx={{ minWidth: 110 }}>
                <Box>
                  <Typography variant="body2">{`${progress.done}/${progress.total}`}</Typography>
                  <LinearProgress
                    variant="determinate"
                    value={progress.percent}
                    aria-label={t("campaigns.table.progress")}
                  />
                </Box>
              </TableCell>
              <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                <CampaignRowActions campaign={campaign} handlers={handlers} />
              </TableCell>
            </TableRow>
          );
        })}
        {(loading || loadingMore) && (
          <SkeletonRows columns={COLUMNS.length} count={loading ? 5 : 2} />
        )}
      </TableBody>
    </Table>
  );
}
