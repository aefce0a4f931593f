import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../../api/toastError";
import { messagesApi } from "../api/messagesApi";

/** DELETE /messages/:id (own messages only); the live update marks it deleted. */
export function useDeleteMessage() {
  return useMutation({
    mutationFn: (messageId: number) => messagesApi.remove(messageId),
    onError: toastError,
  });
}
