import { useQuery } from "@tanstack/react-query";
import { plansApi, plansKeys, type PlanDTO } from "../api/plansApi";

const NONE: PlanDTO[] = [];

/** GET /plans/all: every plan (the plans table, the company form's plan select). */
export function usePlans() {
  const query = useQuery({
    queryKey: plansKeys.list(),
    queryFn: ({ signal }) => plansApi.all(signal),
  });
  return { plans: query.data ?? NONE, loading: query.isPending };
}
