import type { Profile, UserDTO } from "@atrium/shared";
import { api } from "../../../api/client";

export interface UsersPage {
  users: UserDTO[];
  count: number;
  hasMore: boolean;
}

/** The body of POST /users and PUT /users/:id. */
export interface UserPayload {
  name: string;
  email: string;
  /** Empty on edit means "unchanged". */
  password?: string;
  profile?: Profile;
  queueIds?: number[];
  allowFinishTicketWithoutMessage?: boolean;
  allowChangeSignature?: boolean;
  companyId?: number;
  selectedCompanyId?: number | null;
  selectedCompanyQueueIds?: number[];
}

export const usersApi = {
  list: (params: { searchParam: string; pageNumber: number }, signal?: AbortSignal) =>
    api.get<UsersPage>("/users/", { query: params, signal }),
  get: (id: number, signal?: AbortSignal) => api.get<UserDTO>(`/users/${id}`, { signal }),
  create: (payload: UserPayload) => api.post<UserDTO>("/users", payload),
  update: (id: number, payload: UserPayload) => api.put<UserDTO>(`/users/${id}`, payload),
  remove: (id: number) => api.delete(`/users/${id}`),
};

export const usersKeys = {
  all: ["users"] as const,
  lists: () => [...usersKeys.all, "list"] as const,
  list: (searchParam: string) => [...usersKeys.lists(), searchParam] as const,
  detail: (id: number) => [...usersKeys.all, "detail", id] as const,
};
