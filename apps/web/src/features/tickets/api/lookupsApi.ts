import type { ConnectionStatus, ChannelType } from "@atrium/shared";
import { api } from "../../../api/client";

/** The light lists the inbox dialogs pick from (users, contacts, connections). */
export interface UserOption {
  id: number;
  name: string;
}

export interface ContactOption {
  id: number;
  name: string;
  number: string;
  channelType?: string | null;
  visitorConnectionId?: number | null;
}

export interface ConnectionOption {
  id: number;
  name: string;
  status: ConnectionStatus;
  channelType: ChannelType;
  isDefault: boolean;
}

export const lookupsApi = {
  /** GET /users/list: every user of the company (search filter). */
  users: (signal?: AbortSignal) => api.get<UserOption[]>("/users/list", { signal }),
  /** GET /users/?searchParam= (transfer dialog). */
  searchUsers: (searchParam: string, signal?: AbortSignal) =>
    api
      .get<{ users: UserOption[] }>("/users/", { query: { searchParam, pageNumber: 1 }, signal })
      .then((page) => page.users),
  /** GET /contacts/?searchParam= (new ticket dialog). */
  searchContacts: (searchParam: string, signal?: AbortSignal) =>
    api
      .get<{
        contacts: ContactOption[];
      }>("/contacts/", { query: { searchParam, pageNumber: 1 }, signal })
      .then((page) => page.contacts),
  /** GET /whatsapp/?session=0: the company's connections. */
  connections: (signal?: AbortSignal) =>
    api.get<ConnectionOption[]>("/whatsapp/", { query: { session: 0 }, signal }),
};

export const lookupsKeys = {
  all: ["inboxLookups"] as const,
  users: () => [...lookupsKeys.all, "users"] as const,
  searchUsers: (term: string) => [...lookupsKeys.all, "searchUsers", term] as const,
  searchContacts: (term: string) => [...lookupsKeys.all, "searchContacts", term] as const,
  connections: () => [...lookupsKeys.all, "connections"] as const,
};
