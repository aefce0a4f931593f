import { useQuery } from "@tanstack/react-query";
import { lookupsApi, lookupsKeys } from "../api/lookupsApi";

/** GET /users/list for the search tab's user filter (admins only). */
export function useUserOptions(enabled: boolean) {
  const query = useQuery({
    queryKey: lookupsKeys.users(),
    queryFn: ({ signal }) => lookupsApi.users(signal),
    enabled,
  });
  return query.data ?? [];
}
