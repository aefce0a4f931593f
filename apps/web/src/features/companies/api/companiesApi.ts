import { api } from "../../../api/client";

export interface CompanyOption {
  id: number;
  name: string;
}

export const companiesApi = {
  /** GET /companies/list: super users only. */
  options: (signal?: AbortSignal) => api.get<CompanyOption[]>("/companies/list", { signal }),
};

export const companiesKeys = {
  all: ["companies"] as const,
  options: () => [...companiesKeys.all, "options"] as const,
};
