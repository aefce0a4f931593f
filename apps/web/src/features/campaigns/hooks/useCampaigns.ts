import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CampaignStatus } from "@atrium/shared";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { usePagedList } from "../../../hooks/usePagedList";
import {
  campaignsApi,
  campaignsKeys,
  type CampaignCommand,
  type CampaignDTO,
  type CampaignShipmentDTO,
  type ShipmentFilter,
} from "../api/campaignsApi";
import { removeCampaign, upsertCampaign } from "../api/campaignsCache";

/** The report refreshes this often while the campaign sends. */
export const RUNNING_REFRESH_MS = 10_000;

/** /campaigns: searched (debounced), filtered by state, paged as the box scrolls. */
export function useCampaignsPage(search: string, status: CampaignStatus | "") {
  const searchParam = useDebouncedValue(search.trim());
  return usePagedList<CampaignDTO>({
    queryKey: campaignsKeys.page(status, searchParam),
    fetchPage: (pageNumber, signal) =>
      campaignsApi.page({ searchParam, status }, pageNumber, signal),
  });
}

/** GET /campaigns/:id; refetched every 10 s while EM_ANDAMENTO (events also replace it). */
export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignsKeys.detail(id),
    queryFn: ({ signal }) => campaignsApi.get(id, signal),
    refetchInterval: (query) =>
      query.state.data?.status === "EM_ANDAMENTO" ? RUNNING_REFRESH_MS : false,
  });
}

/** The report's recipients, one outcome or all, paged as the box scrolls. */
export function useCampaignShipments(id: number, status: ShipmentFilter | "") {
  return usePagedList<CampaignShipmentDTO>({
    queryKey: campaignsKeys.shipmentsPage(id, status),
    fetchPage: (pageNumber, signal) => campaignsApi.shipments(id, status, pageNumber, signal),
  });
}

export function useDeleteCampaign() {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => campaignsApi.remove(id),
    onSuccess: (_data, id) => {
      removeCampaign(queryClient, id);
      toast.success(t("campaigns.deleted"));
    },
    onError: toastError,
  });
}

/** Pause, resume, cancel or duplicate: the answer (the copy, for duplicate) joins the lists. */
export function useCampaignCommand() {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, command }: { id: number; command: CampaignCommand }) =>
      campaignsApi.command(id, command),
    onSuccess: (campaign, { command }) => {
      upsertCampaign(queryClient, campaign);
      toast.success(t(`campaigns.done.${command}`));
    },
    onError: toastError,
  });
}
