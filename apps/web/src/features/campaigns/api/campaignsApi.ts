import type {
  CampaignDTO,
  CampaignSettingsDTO,
  CampaignShipmentDTO,
  CampaignStatus,
  CAMPAIGN_SHIPMENT_FILTERS,
} from "@atrium/shared";
import { api } from "../../../api/client";
import type { Paged } from "../../../api/pagedCache";
import type { RecordsPageDTO } from "../../contactLists/api/contactListsApi";

export type {
  CampaignDTO,
  CampaignReportDTO,
  CampaignSettingsDTO,
  CampaignShipmentDTO,
} from "@atrium/shared";

export type ShipmentFilter = (typeof CAMPAIGN_SHIPMENT_FILTERS)[number];

/** The body of POST /campaigns and PUT /campaigns/:id (campaignSchema's input). */
export interface CampaignPayload {
  name: string;
  whatsappId: number;
  contactListId: number | null;
  tagId: number | null;
  messages: string[];
  confirmation: boolean;
  confirmationMessages: string[];
  confirmationReply: string;
  /** ISO time; null: start as soon as it is saved. */
  scheduledAt: string | null;
}

/** The state changes a campaign's row offers. */
export type CampaignCommand = "pause" | "resume" | "cancel" | "duplicate";

const path = (id: number) => `/campaigns/${id}`;

const toPaged = <T>(page: RecordsPageDTO<T>): Paged<T> => ({
  items: page.records,
  hasMore: page.hasMore,
});

export const campaignsApi = {
  page: (
    filter: { searchParam: string; status: CampaignStatus | "" },
    pageNumber: number,
    signal?: AbortSignal,
  ) =>
    api
      .get<RecordsPageDTO<CampaignDTO>>("/campaigns/", {
        query: {
          searchParam: filter.searchParam,
          pageNumber,
          ...(filter.status ? { status: filter.status } : {}),
        },
        signal,
      })
      .then(toPaged),
  get: (id: number, signal?: AbortSignal) => api.get<CampaignDTO>(path(id), { signal }),
  shipments: (id: number, status: ShipmentFilter | "", pageNumber: number, signal?: AbortSignal) =>
    api
      .get<RecordsPageDTO<CampaignShipmentDTO>>(`${path(id)}/shipments`, {
        query: { pageNumber, ...(status ? { status } : {}) },
        signal,
      })
      .then(toPaged),
  create: (payload: CampaignPayload) => api.post<CampaignDTO>("/campaigns", payload),
  update: (id: number, payload: CampaignPayload) => api.put<CampaignDTO>(path(id), payload),
  remove: (id: number) => api.delete(path(id)),
  command: (id: number, command: CampaignCommand) =>
    api.post<CampaignDTO>(`${path(id)}/${command}`),
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<CampaignDTO>(`${path(id)}/upload`, body);
  },
  removeFile: (id: number) => api.delete<CampaignDTO>(`${path(id)}/upload`),
  settings: (signal?: AbortSignal) =>
    api.get<CampaignSettingsDTO>("/campaign-settings", { signal }),
  saveSettings: (payload: CampaignSettingsDTO) =>
    api.put<CampaignSettingsDTO>("/campaign-settings", payload),
};

export const campaignsKeys = {
  all: ["campaigns"] as const,
  pages: () => [...campaignsKeys.all, "pages"] as const,
  /** The search text last (searchOfKey). */
  page: (status: CampaignStatus | "", searchParam: string) =>
    [...campaignsKeys.pages(), status, searchParam] as const,
  detail: (id: number) => [...campaignsKeys.all, "detail", id] as const,
  shipments: (id: number) => [...campaignsKeys.all, "shipments", id] as const,
  shipmentsPage: (id: number, status: ShipmentFilter | "") =>
    [...campaignsKeys.shipments(id), status] as const,
  settings: () => [...campaignsKeys.all, "settings"] as const,
};
