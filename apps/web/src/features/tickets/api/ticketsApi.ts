import { api } from "../../../api/client";
import type {
  NewTicketInput,
  TicketDTO,
  TicketListParams,
  TicketsPage,
  TicketUpdateAction,
} from "./ticketTypes";

export const ticketsApi = {
  /** GET /tickets: arrays travel as JSON arrays, newest updatedAt first. */
  list: (params: TicketListParams, pageNumber: number, signal?: AbortSignal) =>
    api.get<TicketsPage>("/tickets", {
      query: {
        pageNumber,
        searchTab: params.searchTab,
        status: params.status,
        searchParam: params.searchParam,
        showAll: params.showAll ? "true" : undefined,
        queueIds: params.queueIds,
        tags: params.tags,
        users: params.users,
      },
      signal,
    }),
  getByUuid: (uuid: string, signal?: AbortSignal) =>
    api.get<TicketDTO>(`/tickets/u/${encodeURIComponent(uuid)}`, { signal }),
  create: (input: NewTicketInput) => api.post<TicketDTO>("/tickets", { ...input, status: "open" }),
  update: (ticketId: number, change: TicketUpdateAction) =>
    api.put<TicketDTO>(`/tickets/${ticketId}`, change),
  remove: (ticketId: number) => api.delete(`/tickets/${ticketId}`),
};

export const ticketsKeys = {
  all: ["tickets"] as const,
  lists: () => [...ticketsKeys.all, "list"] as const,
  list: (params: TicketListParams) => [...ticketsKeys.lists(), params] as const,
  details: () => [...ticketsKeys.all, "detail"] as const,
  detail: (uuid: string) => [...ticketsKeys.details(), uuid] as const,
};
