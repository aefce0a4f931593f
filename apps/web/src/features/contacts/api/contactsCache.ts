import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { contactsKeys, type ContactDTO, type ContactsPage } from "./contactsApi";

type ContactsListData = InfiniteData<ContactsPage, number>;

function matchesSearch(contact: ContactDTO, searchParam: string): boolean {
  const term = searchParam.trim().toLowerCase();
  if (!term) return true;
  const digits = term.replace(/\D/g, "");
  return (
    contact.name.toLowerCase().includes(term) ||
    contact.number.toLowerCase().includes(term) ||
    (digits.length > 0 && contact.number.includes(digits))
  );
}

/**
 * A created or updated contact (live company-{id}-contact or a save): replaces the row where
 * it is listed, otherwise joins the first page of every cached list it matches, newest first.
 */
export function upsertContactInLists(queryClient: QueryClient, contact: ContactDTO): void {
  const lists = queryClient.getQueriesData<ContactsListData>({ queryKey: contactsKeys.lists() });
  for (const [queryKey, data] of lists) {
    if (!data) continue;
    const searchParam = String(queryKey[2] ?? "");
    const listed = data.pages.some((page) => page.contacts.some((c) => c.id === contact.id));
    let pages: ContactsPage[];
    if (listed) {
      pages = data.pages.map((page) => ({
        ...page,
        contacts: page.contacts.map((c) => (c.id === contact.id ? { ...c, ...contact } : c)),
      }));
    } else if (matchesSearch(contact, searchParam)) {
      pages = data.pages.map((page, index) =>
        index === 0 ? { ...page, contacts: [contact, ...page.contacts] } : page,
      );
    } else {
      continue;
    }
    queryClient.setQueryData<ContactsListData>(queryKey, { ...data, pages });
  }
  queryClient.setQueryData(contactsKeys.detail(contact.id), (old: ContactDTO | undefined) =>
    old ? { ...old, ...contact } : old,
  );
}

/** A deleted contact leaves every cached list. */
export function removeContactFromLists(queryClient: QueryClient, contactId: number): void {
  queryClient.setQueriesData<ContactsListData>({ queryKey: contactsKeys.lists() }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => {
        const contacts = page.contacts.filter((c) => c.id !== contactId);
        return contacts.length === page.contacts.length ? page : { ...page, contacts };
      }),
    };
  });
  queryClient.removeQueries({ queryKey: contactsKeys.detail(contactId) });
}

function asContact(value: unknown): ContactDTO | null {
  return value && typeof value === "object" && "id" in value && "number" in value
    ? (value as ContactDTO)
    : null;
}

/** The company-{id}-contact row of the realtime event table. */
export function applyContactEvent(queryClient: QueryClient, payload: Record<string, unknown>) {
  if (payload.action === "delete") {
    const id = Number(payload.contactId ?? asContact(payload.contact)?.id);
    if (id) removeContactFromLists(queryClient, id);
    return;
  }
  const contact = asContact(payload.contact);
  if ((payload.action === "create" || payload.action === "update") && contact) {
    upsertContactInLists(queryClient, contact);
  }
}
