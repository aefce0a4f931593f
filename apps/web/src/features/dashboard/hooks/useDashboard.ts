import { can, DASHBOARD_FIRST_LOAD_MS } from "@atrium/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useAuth } from "../../auth/hooks/useAuth";
import { dashboardApi, dashboardKeys, type DashboardQuery } from "../api/dashboardApi";
import { checkFilter, defaultFilter } from "../api/dashboardFilter";

function initialQuery(): DashboardQuery {
  const check = checkFilter(defaultFilter());
  return check.ok ? check.query : {};
}

const sameQuery = (a: DashboardQuery, b: DashboardQuery) =>
  a.days === b.days && a.date_from === b.date_from && a.date_to === b.date_to;

/**
 * The dashboard's counters for the applied filter (agent-core §2 "Dashboard"): the first load
 * waits DASHBOARD_FIRST_LOAD_MS after opening; 'Filtrar' applies a new filter (or reloads the
 * same one). Live ticket events refetch it through the realtime table.
 */
export function useDashboard() {
  const { user } = useAuth();
  const allowed = can(user, "dashboard:view");
  const [ready, setReady] = useState(false);
  const [applied, setApplied] = useState<DashboardQuery>(initialQuery);

  useEffect(() => {
    const timer = setTimeout(() => setReady(true), DASHBOARD_FIRST_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);

  const query = useQuery({
    queryKey: dashboardKeys.view(applied),
    queryFn: ({ signal }) => dashboardApi.get(applied, signal),
    enabled: allowed && ready,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const { refetch } = query;
  const apply = (next: DashboardQuery) => {
    if (sameQuery(next, applied)) void refetch();
    else setApplied(next);
  };

  return {
    allowed,
    data: query.data,
    /** Nothing to show yet: the first-load wait, or the first answer. */
    loading: query.data === undefined,
    fetching: query.isFetching,
    apply,
  };
}
