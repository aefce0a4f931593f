import { useQuery } from "@tanstack/react-query";
import { connectionsApi, connectionsKeys } from "../api/connectionsApi";

/** GET /whatsapp/?session=0; live company-{id}-whatsapp events keep the cache current. */
export function useConnections(enabled = true) {
  return useQuery({
    queryKey: connectionsKeys.list(),
    queryFn: ({ signal }) => connectionsApi.list(signal),
    enabled,
  });
}
