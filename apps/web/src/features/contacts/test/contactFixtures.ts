import type { ContactDTO } from "../api/contactsApi";

let nextId = 500;

/** A contact as GET /contacts/:id answers it. */
export function makeContact(overrides: Partial<ContactDTO> = {}): ContactDTO {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Contato ${id}`,
    number: `55419986${String(id).padStart(5, "0")}`,
    email: "",
    document: "",
    profilePicUrl: "",
    isGroup: false,
    channelType: null,
    companyId: 1,
    extraInfo: [],
    tags: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}
