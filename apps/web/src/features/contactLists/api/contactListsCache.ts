import type { QueryClient } from "@tanstack/react-query";
import { removeFromPages, searchOfKey, upsertInPages } from "../../../api/pagedCache";
import { contactListsKeys, type ContactListDTO } from "./contactListsApi";

export function upsertContactList(queryClient: QueryClient, list: ContactListDTO): void {
  const name = list.name.toLowerCase();
  upsertInPages(queryClient, contactListsKeys.pages(), list, (key) =>
    name.includes(searchOfKey(key)),
  );
  queryClient.setQueryData(contactListsKeys.detail(list.id), list);
  void queryClient.invalidateQueries({ queryKey: contactListsKeys.options() });
}

export function removeContactList(queryClient: QueryClient, id: number): void {
  removeFromPages(queryClient, contactListsKeys.pages(), id);
  queryClient.removeQueries({ queryKey: contactListsKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: contactListsKeys.options() });
}

/**
 * company-{id}-contactList: {action: create|update, contactList} replaces or adds the list (its
 * counts change with imports and checks), {action: delete, contactListId} removes it.
 */
export function applyContactListEvent(queryClient: QueryClient, payload: Record<string, unknown>) {
  if (payload.action === "delete") {
    const id = Number(payload.contactListId);
    if (id) removeContactList(queryClient, id);
    return;
  }
  const list = payload.contactList as ContactListDTO | undefined;
  if ((payload.action === "create" || payload.action === "update") && list?.id) {
    upsertContactList(queryClient, list);
  }
}
