import type { QueryClient } from "@tanstack/react-query";
import { queuesKeys, type QueueDTO } from "./queuesApi";

/** The company's own queue list (every picker and /queues share it). */
const ownList = queuesKeys.list();

export function upsertQueue(queryClient: QueryClient, queue: QueueDTO): void {
  queryClient.setQueryData<QueueDTO[]>(ownList, (old) => {
    if (!old) return old;
    return old.some((q) => q.id === queue.id)
      ? old.map((q) => (q.id === queue.id ? { ...q, ...queue } : q))
      : [...old, queue];
  });
}

export function removeQueue(queryClient: QueryClient, queueId: number): void {
  queryClient.setQueryData<QueueDTO[]>(ownList, (old) => old?.filter((q) => q.id !== queueId));
}

/** company-{id}-queue: create/update replaces or adds, delete removes. */
export function applyQueueEvent(queryClient: QueryClient, payload: Record<string, unknown>) {
  if (payload.action === "delete") {
    const id = Number(payload.queueId);
    if (id) removeQueue(queryClient, id);
    return;
  }
  const queue = payload.queue as QueueDTO | undefined;
  if ((payload.action === "create" || payload.action === "update") && queue?.id) {
    upsertQueue(queryClient, queue);
  }
}
