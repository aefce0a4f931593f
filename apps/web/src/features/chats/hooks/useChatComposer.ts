import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import { chatsApi } from "../api/chatsApi";
import { addMessageToCaches, touchChatWithMessage } from "../api/chatsCache";
import { isSendKey, sendableText } from "../api/chatRules";

/**
 * The conversation's text box: Enter or the send button sends, blank text never goes out.
 * A failed send keeps the text and offers a retry on the spot (no toast: chat failures are
 * silent, admin-operator §8).
 */
export function useChatComposer(chatId: number) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [failedText, setFailedText] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: (message: string) => chatsApi.send(chatId, message),
    onSuccess: (message, sent) => {
      addMessageToCaches(queryClient, message);
      touchChatWithMessage(queryClient, message);
      setFailedText(null);
      // Only clear what was sent: the user may already be typing the next message.
      setText((current) => (current.trim() === sent ? "" : current));
    },
    onError: (_err, sent) => setFailedText(sent),
  });

  const submit = (value: string = text) => {
    const message = sendableText(value);
    if (message === null || send.isPending) return;
    send.mutate(message);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isSendKey(event)) return;
    event.preventDefault();
    submit();
  };

  return {
    text,
    setText,
    submit: () => submit(),
    onKeyDown,
    sending: send.isPending,
    canSend: sendableText(text) !== null && !send.isPending,
    failed: failedText !== null,
    retry: () => submit(failedText ?? text),
  };
}
