import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../../api/toastError";
import { messagesApi } from "../api/messagesApi";
import { replaceMessageInCaches } from "../api/messagesCache";

/** POST /messages/:id/retry ('Tentar novamente'): the message shows as queued again at once. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => messagesApi.retry(messageId),
    onSuccess: ({ message }) => replaceMessageInCaches(queryClient, message),
    onError: toastError,
  });
}
