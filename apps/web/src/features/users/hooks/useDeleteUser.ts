import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { usersApi } from "../api/usersApi";
import { removeUserFromLists } from "../api/usersCache";

export function useDeleteUser() {
  const { t } = useTranslation("users");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => usersApi.remove(userId),
    onSuccess: (_data, userId) => {
      removeUserFromLists(queryClient, userId);
      toast.success(t("deleted"));
    },
    onError: toastError,
  });
}
