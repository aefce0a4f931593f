import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../../api/toastError";
import { contactsKeys } from "../api/contactsApi";
import { contactsTransferApi, saveBlob } from "../api/contactsTransferApi";

export const EXPORT_FILE_NAME = "contatos.xlsx";

export function useContactsTransfer() {
  const queryClient = useQueryClient();
  const importFile = useMutation({
    mutationFn: (file: File) => contactsTransferApi.importFile(file),
    // A big import publishes nothing: the list reloads.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() }),
    onError: toastError,
  });
  const exportFile = useMutation({
    mutationFn: () => contactsTransferApi.exportFile(),
    onSuccess: (blob) => saveBlob(blob, EXPORT_FILE_NAME),
    onError: toastError,
  });
  return { importFile, exportFile };
}
