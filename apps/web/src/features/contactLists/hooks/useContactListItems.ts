import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { removeFromPages, searchOfKey, upsertInPages } from "../../../api/pagedCache";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { usePagedList } from "../../../hooks/usePagedList";
import {
  contactListItemsApi,
  contactListsKeys,
  type ContactListItemDTO,
  type ContactListItemPayload,
} from "../api/contactListsApi";

/** /contact-lists/:id: the list's items, searched (debounced) and paged as the box scrolls. */
export function useContactListItemsPage(contactListId: number, search: string) {
  const searchParam = useDebouncedValue(search.trim());
  return usePagedList<ContactListItemDTO>({
    queryKey: contactListsKeys.itemsPage(contactListId, searchParam),
    fetchPage: (pageNumber, signal) =>
      contactListItemsApi.page(contactListId, searchParam, pageNumber, signal),
  });
}

/** An item changed here: its row, and the list's count (the server's answer) refetched. */
function itemSaved(queryClient: QueryClient, item: ContactListItemDTO) {
  const text = `${item.name} ${item.number} ${item.email}`.toLowerCase();
  upsertInPages(queryClient, contactListsKeys.items(item.contactListId), item, (key) =>
    text.includes(searchOfKey(key)),
  );
  void queryClient.invalidateQueries({ queryKey: contactListsKeys.detail(item.contactListId) });
}

export function useSaveContactListItem(onSaved: () => void, onError: (err: unknown) => void) {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ContactListItemPayload }) => {
      if (!id) return contactListItemsApi.create(payload);
      const { name, number, email } = payload;
      return contactListItemsApi.update(id, { name, number, email });
    },
    onSuccess: (item) => {
      itemSaved(queryClient, item);
      toast.success(t("items.saved"));
      onSaved();
    },
    onError,
  });
}

export function useDeleteContactListItem(contactListId: number) {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => contactListItemsApi.remove(id),
    onSuccess: (_data, id) => {
      removeFromPages(queryClient, contactListsKeys.items(contactListId), id);
      void queryClient.invalidateQueries({ queryKey: contactListsKeys.detail(contactListId) });
      toast.success(t("items.deleted"));
    },
    onError: toastError,
  });
}
