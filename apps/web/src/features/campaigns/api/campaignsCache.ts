import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { removeFromPages, searchOfKey, upsertInPages } from "../../../api/pagedCache";
import { campaignsKeys, type CampaignDTO } from "./campaignsApi";

/** A list key is [..., status filter, search]: a campaign joins the lists it matches. */
function matches(campaign: CampaignDTO, key: QueryKey): boolean {
  const status = key[key.length - 2];
  return (
    (!status || status === campaign.status) &&
    campaign.name.toLowerCase().includes(searchOfKey(key))
  );
}

/** A changed campaign: its rows, its report (state and counts) and the report's recipients. */
export function upsertCampaign(queryClient: QueryClient, campaign: CampaignDTO): void {
  upsertInPages(queryClient, campaignsKeys.pages(), campaign, (key) => matches(campaign, key));
  queryClient.setQueryData(campaignsKeys.detail(campaign.id), campaign);
  void queryClient.invalidateQueries({ queryKey: campaignsKeys.shipments(campaign.id) });
}

export function removeCampaign(queryClient: QueryClient, id: number): void {
  removeFromPages(queryClient, campaignsKeys.pages(), id);
  queryClient.removeQueries({ queryKey: campaignsKeys.detail(id) });
}

/**
 * company-{id}-campaign: {action: create|update, campaign} (state changes, counts as messages
 * go out) replaces or adds the campaign; {action: delete, campaignId} removes it.
 */
export function applyCampaignEvent(queryClient: QueryClient, payload: Record<string, unknown>) {
  if (payload.action === "delete") {
    const id = Number(payload.campaignId);
    if (id) removeCampaign(queryClient, id);
    return;
  }
  const campaign = payload.campaign as CampaignDTO | undefined;
  if ((payload.action === "create" || payload.action === "update") && campaign?.id) {
    upsertCampaign(queryClient, campaign);
  }
}
