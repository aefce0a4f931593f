import type { QueueRefDTO } from "@atrium/shared";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../../auth/hooks/useAuth";
import { queuesApi, queuesKeys } from "../../queues/api/queuesApi";

/**
 * The queues a user works with: their own (user.queues); an admin every queue of the company
 * (GET /queue). `all` forces GET /queue (transfer dialog: any queue may receive a ticket).
 */
export function useQueueOptions({ all = false }: { all?: boolean } = {}): {
  queues: QueueRefDTO[];
  loading: boolean;
} {
  const { user, isAdmin } = useAuth();
  const fetchAll = all || isAdmin;
  const query = useQuery({
    queryKey: queuesKeys.list(),
    queryFn: ({ signal }) => queuesApi.list(undefined, signal),
    enabled: fetchAll,
  });
  if (!fetchAll) return { queues: user?.queues ?? [], loading: false };
  return { queues: query.data ?? [], loading: query.isPending };
}
