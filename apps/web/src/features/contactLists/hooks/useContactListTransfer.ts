import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { saveBlob } from "../../contacts/api/contactsTransferApi";
import { contactListsApi, contactListsKeys, TEMPLATE_FILE_NAME } from "../api/contactListsApi";

/** 'Importar', 'Baixar modelo' and 'Validar no WhatsApp' of one list. */
export function useContactListTransfer(contactListId: number) {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: contactListsKeys.items(contactListId) });
    void queryClient.invalidateQueries({ queryKey: contactListsKeys.detail(contactListId) });
  };
  const importFile = useMutation({
    mutationFn: (file: File) => contactListsApi.upload(contactListId, file),
    onSuccess: refresh,
    onError: toastError,
  });
  const template = useMutation({
    mutationFn: () => contactListsApi.template(),
    onSuccess: (blob) => saveBlob(blob, TEMPLATE_FILE_NAME),
    onError: toastError,
  });
  const validate = useMutation({
    mutationFn: (whatsappId: number) => contactListsApi.validate(contactListId, whatsappId),
    onSuccess: (result) => {
      refresh();
      toast.success(t("items.validated", { ...result }));
    },
    onError: toastError,
  });
  return { importFile, template, validate };
}
