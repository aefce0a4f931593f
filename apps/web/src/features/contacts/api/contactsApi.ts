import { api } from "../../../api/client";

export interface ContactTagDTO {
  id: number;
  name: string;
  color: string;
}

export interface ContactExtraInfoDTO {
  id?: number;
  name: string;
  value: string;
}

/** A contact as GET /contacts/:id answers it (docs/api.md "Inbox / Shapes"). */
export interface ContactDTO {
  id: number;
  name: string;
  number: string;
  email: string;
  document: string;
  profilePicUrl: string;
  isGroup: boolean;
  channelType: string | null;
  /** Set for a web-chat visitor: the connection they wrote from. */
  visitorConnectionId?: number | null;
  companyId: number;
  extraInfo: ContactExtraInfoDTO[];
  tags: ContactTagDTO[];
  createdAt: string;
  updatedAt: string;
}

export interface ContactsPage {
  contacts: ContactDTO[];
  hasMore: boolean;
}

/** The body of POST /contacts and PUT /contacts/:id. */
export interface ContactPayload {
  name: string;
  number: string;
  email: string;
  document: string;
  extraInfo: { name: string; value: string }[];
  tags: number[];
}

export const contactsApi = {
  list: (params: { searchParam: string; pageNumber: number }, signal?: AbortSignal) =>
    api.get<ContactsPage>("/contacts/", { query: params, signal }),
  get: (id: number, signal?: AbortSignal) => api.get<ContactDTO>(`/contacts/${id}`, { signal }),
  create: (payload: ContactPayload) => api.post<ContactDTO>("/contacts", payload),
  update: (id: number, payload: ContactPayload) => api.put<ContactDTO>(`/contacts/${id}`, payload),
  remove: (id: number) => api.delete(`/contacts/${id}`),
  /** GET /tags/list: the company's tags, offered by the contact form. */
  tagOptions: (signal?: AbortSignal) => api.get<ContactTagDTO[]>("/tags/list", { signal }),
};

export const contactsKeys = {
  all: ["contacts"] as const,
  lists: () => [...contactsKeys.all, "list"] as const,
  list: (searchParam: string) => [...contactsKeys.lists(), searchParam] as const,
  detail: (id: number) => [...contactsKeys.all, "detail", id] as const,
  tagOptions: () => [...contactsKeys.all, "tagOptions"] as const,
};
