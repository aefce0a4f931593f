import type { ContactDTO, ContactPayload, ContactTagDTO } from "../api/contactsApi";

/** What the contact form edits (agent-core §2 "Contact form dialog"). */
export interface ContactFormValues {
  name: string;
  number: string;
  email: string;
  document: string;
  extraInfo: { name: string; value: string }[];
  tags: ContactTagDTO[];
}

export interface ContactInitialValues {
  name?: string;
  number?: string;
}

export function emptyContactForm(initial?: ContactInitialValues): ContactFormValues {
  return {
    name: initial?.name ?? "",
    number: initial?.number ?? "",
    email: "",
    document: "",
    extraInfo: [],
    tags: [],
  };
}

export function contactToFormValues(contact: ContactDTO): ContactFormValues {
  return {
    name: contact.name,
    number: contact.number,
    email: contact.email ?? "",
    document: contact.document ?? "",
    extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
    tags: contact.tags,
  };
}

/** The schema-parsed values as the server expects them; tags travel as ids. */
export function formValuesToPayload(values: ContactFormValues): ContactPayload {
  return {
    name: values.name,
    number: values.number,
    email: values.email ?? "",
    document: values.document ?? "",
    extraInfo: values.extraInfo.map(({ name, value }) => ({ name, value })),
    tags: values.tags.map((tag) => tag.id),
  };
}
