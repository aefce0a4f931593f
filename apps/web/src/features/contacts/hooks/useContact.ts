import { useQuery } from "@tanstack/react-query";
import { contactsApi, contactsKeys } from "../api/contactsApi";

/** One contact; live company-{id}-contact updates rewrite this cache entry. */
export function useContact(contactId: number, enabled = true) {
  return useQuery({
    queryKey: contactsKeys.detail(contactId),
    queryFn: ({ signal }) => contactsApi.get(contactId, signal),
    enabled: enabled && contactId > 0,
    staleTime: 0,
  });
}
