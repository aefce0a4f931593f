import { useQuery } from "@tanstack/react-query";
import { contactsApi, contactsKeys } from "../../contacts/api/contactsApi";
import type { ContactOption } from "./useScheduleForm";

/** The contact named by ?contactId= (loaded for its name), or null. */
export function useContactFromQuery(raw: string | null): ContactOption | null {
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: contactsKeys.detail(valid ? id : 0),
    queryFn: ({ signal }) => contactsApi.get(id, signal),
    enabled: valid,
  });
  if (!valid || !query.data) return null;
  return { id: query.data.id, name: query.data.name };
}
