import { useQuery } from "@tanstack/react-query";
import { companiesApi, companiesKeys } from "../../companies/api/companiesApi";
import { queuesApi, queuesKeys } from "../../queues/api/queuesApi";

interface Options {
  editQueues: boolean;
  supportAccess: boolean;
  selectedCompanyId: number | null;
  /** The edited user's company when it is not the caller's (operator's Companies screen). */
  companyId?: number;
}

/** The choices the user modal offers: own queues, companies, the chosen company's queues. */
export function useUserFormOptions({
  editQueues,
  supportAccess,
  selectedCompanyId,
  companyId,
}: Options) {
  const queues = useQuery({
    queryKey: queuesKeys.list(companyId),
    queryFn: ({ signal }) => queuesApi.list(companyId, signal),
    enabled: editQueues,
  });
  const companies = useQuery({
    queryKey: companiesKeys.options(),
    queryFn: ({ signal }) => companiesApi.options(signal),
    enabled: supportAccess,
  });
  const supportQueues = useQuery({
    queryKey: queuesKeys.list(selectedCompanyId ?? undefined),
    queryFn: ({ signal }) => queuesApi.list(selectedCompanyId ?? undefined, signal),
    enabled: supportAccess && selectedCompanyId !== null,
  });
  return {
    queues: queues.data ?? [],
    companies: companies.data ?? [],
    supportQueues: selectedCompanyId !== null ? (supportQueues.data ?? []) : [],
    supportQueuesLoading: supportQueues.isFetching,
  };
}
