import { useQuery } from "@tanstack/react-query";
import { companiesApi, companiesKeys, type InstanceDTO } from "../api/companiesApi";

const NO_INSTANCES: InstanceDTO[] = [];

/** GET /companies: every company, filtered on the screen. */
export function useCompaniesList() {
  const query = useQuery({
    queryKey: companiesKeys.list(),
    queryFn: ({ signal }) => companiesApi.list(signal),
  });
  return { companies: query.data ?? [], loading: query.isPending, failed: query.isError };
}

/** GET /companies/dashboard: the counters row. */
export function useCompaniesDashboard() {
  const query = useQuery({
    queryKey: companiesKeys.dashboard(),
    queryFn: ({ signal }) => companiesApi.dashboard(signal),
  });
  return { counters: query.data, loading: query.isPending };
}

/** GET /instances: the form's and the filters' instance choices. */
export function useInstances() {
  const query = useQuery({
    queryKey: companiesKeys.instances(),
    queryFn: ({ signal }) => companiesApi.instances(signal),
  });
  return query.data ?? NO_INSTANCES;
}
