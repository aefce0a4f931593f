import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { usePagedList } from "../../../hooks/usePagedList";
import { contactListsApi, contactListsKeys, type ContactListDTO } from "../api/contactListsApi";
import { removeContactList, upsertContactList } from "../api/contactListsCache";

/** /contact-lists: searched (debounced) and paged as the box scrolls. */
export function useContactListsPage(search: string) {
  const searchParam = useDebouncedValue(search.trim());
  return usePagedList<ContactListDTO>({
    queryKey: contactListsKeys.page(searchParam),
    fetchPage: (pageNumber, signal) => contactListsApi.page(searchParam, pageNumber, signal),
  });
}

/** GET /contact-lists/:id (the items screen's title and counts, the campaign's N). */
export function useContactList(id: number | null) {
  return useQuery({
    queryKey: contactListsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => contactListsApi.get(id ?? 0, signal),
    enabled: Boolean(id),
  });
}

/** GET /contact-lists/list: every list of the company, for pickers. */
export function useContactListOptions(enabled = true) {
  const query = useQuery({
    queryKey: contactListsKeys.options(),
    queryFn: ({ signal }) => contactListsApi.options(signal),
    enabled,
  });
  return query.data ?? [];
}

export function useSaveContactList(onSaved: () => void) {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id?: number; name: string }) =>
      id ? contactListsApi.update(id, name) : contactListsApi.create(name),
    onSuccess: (list) => {
      upsertContactList(queryClient, list);
      toast.success(t("contactLists.saved"));
      onSaved();
    },
    onError: toastError,
  });
}

export function useDeleteContactList() {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => contactListsApi.remove(id),
    onSuccess: (_data, id) => {
      removeContactList(queryClient, id);
      toast.success(t("contactLists.deleted"));
    },
    onError: toastError,
  });
}
