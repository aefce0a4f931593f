import type { ContactImportResult, ContactListDTO, ContactListItemDTO } from "@atrium/shared";
import { api } from "../../../api/client";
import type { Paged } from "../../../api/pagedCache";

export type { ContactListDTO, ContactListItemDTO } from "@atrium/shared";

/** A page as GET /contact-lists/ and GET /contact-list-items answer it. */
export interface RecordsPageDTO<T> {
  records: T[];
  count: number;
  hasMore: boolean;
}

export interface ContactListOption {
  id: number;
  name: string;
}

/** The body of POST /contact-list-items (PUT sends it without contactListId). */
export interface ContactListItemPayload {
  contactListId: number;
  name: string;
  number: string;
  email: string;
}

/** What POST /contact-lists/:id/validate answers: numbers checked, found, not found. */
export interface ValidateResult {
  checked: number;
  valid: number;
  invalid: number;
}

const toPaged = <T>(page: RecordsPageDTO<T>): Paged<T> => ({
  items: page.records,
  hasMore: page.hasMore,
});

const listPath = (id: number) => `/contact-lists/${id}`;
const itemPath = (id: number) => `/contact-list-items/${id}`;

/** Contact lists (issue #15); the server pages by PAGE_SIZE.contactLists / contactListItems. */
export const contactListsApi = {
  page: (searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api
      .get<RecordsPageDTO<ContactListDTO>>("/contact-lists/", {
        query: { searchParam, pageNumber },
        signal,
      })
      .then(toPaged),
  options: (signal?: AbortSignal) =>
    api.get<ContactListOption[]>("/contact-lists/list", { signal }),
  get: (id: number, signal?: AbortSignal) => api.get<ContactListDTO>(listPath(id), { signal }),
  create: (name: string) => api.post<ContactListDTO>("/contact-lists", { name }),
  update: (id: number, name: string) => api.put<ContactListDTO>(listPath(id), { name }),
  remove: (id: number) => api.delete(listPath(id)),
  /** CSV/XLSX as multipart `file`; the answer counts created/updated/skipped and bad rows. */
  upload: (id: number, file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<ContactImportResult>(`${listPath(id)}/upload`, body);
  },
  validate: (id: number, whatsappId: number) =>
    api.post<ValidateResult>(`${listPath(id)}/validate`, { whatsappId }),
  template: () => api.blob("/contact-lists/template"),
};

export const contactListItemsApi = {
  page: (contactListId: number, searchParam: string, pageNumber: number, signal?: AbortSignal) =>
    api
      .get<RecordsPageDTO<ContactListItemDTO>>("/contact-list-items", {
        query: { contactListId, searchParam, pageNumber },
        signal,
      })
      .then(toPaged),
  create: (payload: ContactListItemPayload) =>
    api.post<ContactListItemDTO>("/contact-list-items", payload),
  update: (id: number, payload: Omit<ContactListItemPayload, "contactListId">) =>
    api.put<ContactListItemDTO>(itemPath(id), payload),
  remove: (id: number) => api.delete(itemPath(id)),
};

export const contactListsKeys = {
  all: ["contactLists"] as const,
  pages: () => [...contactListsKeys.all, "pages"] as const,
  page: (searchParam: string) => [...contactListsKeys.pages(), searchParam] as const,
  options: () => [...contactListsKeys.all, "options"] as const,
  detail: (id: number) => [...contactListsKeys.all, "detail", id] as const,
  items: (id: number) => [...contactListsKeys.all, "items", id] as const,
  itemsPage: (id: number, searchParam: string) =>
    [...contactListsKeys.items(id), searchParam] as const,
};

/** The file 'Baixar modelo' saves. */
export const TEMPLATE_FILE_NAME = "modelo-lista-de-contatos.csv";
