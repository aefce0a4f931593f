import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { tagsApi } from "../api/tagsApi";
import { removeTag } from "../api/tagsCache";

export function useDeleteTag() {
  const { t } = useTranslation("tags");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagId: number) => tagsApi.remove(tagId),
    onSuccess: (_data, tagId) => {
      removeTag(queryClient, tagId);
      toast.success(t("deleted"));
    },
    onError: toastError,
  });
}
