import type { ContactListDTO, ContactListItemDTO } from "../api/contactListsApi";

let nextId = 300;

/** A contact list as GET /contact-lists/ answers it. */
export function makeContactList(overrides: Partial<ContactListDTO> = {}): ContactListDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Lista ${id}`,
    companyId: 1,
    itemsCount: 0,
    validCount: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

/** A list item as GET /contact-list-items answers it. */
export function makeListItem(overrides: Partial<ContactListItemDTO> = {}): ContactListItemDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    contactListId: 3,
    name: `Contato ${id}`,
    number: `55119${String(id).padStart(8, "0")}`,
    email: "",
    isWhatsappValid: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

export const recordsPage = <T>(records: T[], hasMore = false) => ({
  body: { records, count: records.length, hasMore },
});
