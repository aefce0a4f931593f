import { CAMPAIGN_SHIPMENT_FILTERS } from "@atrium/shared";
import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { SkeletonRows } from "../../../components/SkeletonRows";
import type { ShipmentFilter } from "../api/campaignsApi";
import { useCampaignShipments } from "../hooks/useCampaigns";
import { formatStamp } from "../lib/campaignRules";

const COLUMNS = ["name", "number", "status", "sentAt", "repliedAt", "error"] as const;

/** The report's recipients, one outcome or all, paged as the box scrolls. */
export function ShipmentsPanel({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation("campaigns");
  const [status, setStatus] = useState<ShipmentFilter | "">("");
  const list = useCampaignShipments(campaignId, status);
  return (
    <>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t("report.shipments")}
        </Typography>
        <TextField
          select
          size="small"
          id="shipment-filter"
          label={t("report.filter")}
          value={status}
          onChange={(event) => setStatus(event.target.value as ShipmentFilter | "")}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t("report.allOutcomes")}</MenuItem>
          {CAMPAIGN_SHIPMENT_FILTERS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`report.outcome.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Paper
        variant="outlined"
        ref={list.scrollRef}
        onScroll={list.onScroll}
        sx={{ maxHeight: "calc(100vh - 420px)", minHeight: 200, overflow: "auto" }}
      >
        <Table size="small" stickyHeader aria-label={t("report.shipments")}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column}>{t(`report.table.${column}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.items.map((shipment) => (
              <TableRow key={shipment.id} hover>
                <TableCell>{shipment.name}</TableCell>
                <TableCell>{shipment.number}</TableCell>
                <TableCell>{t(`report.outcome.${shipment.status}`)}</TableCell>
                <TableCell>{formatStamp(shipment.sentAt)}</TableCell>
                <TableCell>{formatStamp(shipment.repliedAt)}</TableCell>
                <TableCell>{shipment.error ?? ""}</TableCell>
              </TableRow>
            ))}
            {(list.loading || list.loadingMore) && (
              <SkeletonRows columns={COLUMNS.length} count={list.loading ? 5 : 2} />
            )}
          </TableBody>
        </Table>
        {!list.loading && list.items.length === 0 && (
          <EmptyState message={t("report.emptyShipments")} />
        )}
      </Paper>
    </>
  );
}
