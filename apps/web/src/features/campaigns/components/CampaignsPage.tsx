import { CAMPAIGN_STATUSES, type CampaignStatus } from "@atrium/shared";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { RecordsPage } from "../../../components/RecordsPage";
import type { CampaignDTO } from "../api/campaignsApi";
import { useCampaignCommand, useCampaignsPage, useDeleteCampaign } from "../hooks/useCampaigns";
import { CampaignDialog } from "./CampaignDialog";
import { CampaignsTable } from "./CampaignsTable";

/** /campaigns (agent-core §2 admin group, issue #15): state, progress, actions by state. */
export function CampaignsPage() {
  const { t } = useTranslation("campaigns");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<CampaignStatus | "">("");
  const [toCancel, setToCancel] = useState<CampaignDTO | null>(null);
  const list = useCampaignsPage(search, status);
  const command = useCampaignCommand();
  return (
    <RecordsPage
      ns="campaigns"
      keyPrefix="campaigns."
      search={search}
      onSearch={setSearch}
      list={list}
      headerActions={
        <TextField
          select
          size="small"
          id="campaign-status-filter"
          label={t("campaigns.statusFilter")}
          value={status}
          onChange={(event) => setStatus(event.target.value as CampaignStatus | "")}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t("campaigns.allStatuses")}</MenuItem>
          {CAMPAIGN_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`status.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      }
      remove={useDeleteCampaign()}
      nameOf={(campaign) => campaign.name}
      table={(actions) => (
        <CampaignsTable
          campaigns={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          onCommand={(campaign, name) => command.mutate({ id: campaign.id, command: name })}
          onCancel={setToCancel}
          {...actions}
        />
      )}
      dialog={(campaign, onClose) => <CampaignDialog campaign={campaign} onClose={onClose} />}
    >
      <ConfirmDialog
        open={toCancel !== null}
        title={t("campaigns.confirmCancel.title", { name: toCancel?.name ?? "" })}
        message={t("campaigns.confirmCancel.message")}
        confirmLabel={t("campaigns.confirmCancel.confirm")}
        busy={command.isPending}
        onConfirm={() =>
          toCancel &&
          command.mutate(
            { id: toCancel.id, command: "cancel" },
            { onSettled: () => setToCancel(null) },
          )
        }
        onClose={() => setToCancel(null)}
      />
    </RecordsPage>
  );
}
