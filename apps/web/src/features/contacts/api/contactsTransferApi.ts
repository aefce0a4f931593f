import type { ContactImportResult } from "@atrium/shared";
import { api } from "../../../api/client";

/** Contacts import (CSV/XLSX, multipart `file`) and export (contatos.xlsx). */
export const contactsTransferApi = {
  importFile: (file: File) => {
    const body = new FormData();
    body.append("file", file);
    return api.post<ContactImportResult>("/contacts/import", body);
  },
  exportFile: () => api.blob("/contacts/export"),
};

/** Saves a downloaded file under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
