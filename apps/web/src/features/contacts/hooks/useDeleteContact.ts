import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { contactsApi } from "../api/contactsApi";
import { removeContactFromLists } from "../api/contactsCache";

export function useDeleteContact() {
  const { t } = useTranslation("contacts");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => contactsApi.remove(contactId),
    onSuccess: (_data, contactId) => {
      removeContactFromLists(queryClient, contactId);
      toast.success(t("deleted"));
    },
    onError: toastError,
  });
}
