import type { QueueRefDTO } from "@atrium/shared";
import { api } from "../../../api/client";

export const queuesApi = {
  /** GET /queue; companyId is honoured for super users only (support access). */
  list: (companyId?: number, signal?: AbortSignal) =>
    api.get<QueueRefDTO[]>("/queue", { query: { companyId }, signal }),
};

export const queuesKeys = {
  all: ["queues"] as const,
  list: (companyId?: number) => [...queuesKeys.all, "list", companyId ?? "own"] as const,
};
