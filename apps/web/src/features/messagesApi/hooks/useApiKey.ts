import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { messagesApiApi, messagesApiKeys } from "../api/messagesApiApi";

/**
 * The company's API key: whether the API is on and a key exists; a new key is shown once
 * (kept in memory only while the page is open) and replaces the previous one.
 */
export function useApiKey() {
  const { t } = useTranslation("messagesApi");
  const queryClient = useQueryClient();
  const [freshKey, setFreshKey] = useState<string | null>(null);
  const status = useQuery({
    queryKey: messagesApiKeys.key,
    queryFn: ({ signal }) => messagesApiApi.keyStatus(signal),
  });
  const rotate = useMutation({
    mutationFn: () => messagesApiApi.rotateKey(),
    onSuccess: ({ key, ...next }) => {
      queryClient.setQueryData(messagesApiKeys.key, next);
      setFreshKey(key);
      toast.success(t("key.generated"));
    },
    onError: toastError,
  });
  return { status, rotate, freshKey };
}
