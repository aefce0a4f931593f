import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../../api/toastError";
import { messagesApi } from "../api/messagesApi";
import { appendMessageToCaches } from "../api/messagesCache";
import type { MessageDTO, SendTextInput } from "../api/messageTypes";

type Sending =
  | { kind: "text"; input: SendTextInput }
  | { kind: "files"; files: File[]; caption?: string; quotedMsgId?: number | null };

/** POST /messages/:ticketId, JSON or multipart; the sent messages show at once. */
export function useSendMessage(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sending: Sending) =>
      sending.kind === "text"
        ? messagesApi.sendText(ticketId, sending.input)
        : messagesApi.sendFiles(ticketId, sending.files, {
            caption: sending.caption,
            quotedMsgId: sending.quotedMsgId,
          }),
    onSuccess: ({ messages }: { messages: MessageDTO[] }) => {
      for (const message of messages) appendMessageToCaches(queryClient, message);
    },
    onError: toastError,
  });
}
