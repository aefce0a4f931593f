import { api } from "../../../api/client";

export interface HelpDTO {
  id: number;
  title: string;
  description: string;
  video: string;
  version: string;
}

export const helpsApi = {
  list: (signal?: AbortSignal) =>
    api.get<HelpDTO[]>("/helps/list", { query: { version: 1 }, signal }),
};

export const helpsKeys = {
  all: ["helps"] as const,
  list: () => [...helpsKeys.all, "list", 1] as const,
};
