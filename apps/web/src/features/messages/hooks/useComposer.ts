import { useCallback, useState } from "react";
import type { QuickMessageDTO } from "../../quickMessages/api/quickMessagesApi";
import type { MessageDTO } from "../api/messageTypes";
import { isSendable, signBody } from "../lib/messageRules";
import { useQuickMessages } from "./useQuickMessages";
import { useSendMessage } from "./useSendMessage";
import { useSignature } from "./useSignature";
import { useTypingSignal } from "./useTypingSignal";

interface ComposerOptions {
  ticketId: number;
  enabled: boolean;
  replyTo: MessageDTO | null;
  clearReply(): void;
}

/**
 * The message composer's state (agent-core §2 "Message composer"): text, attachments, reply,
 * signature, quick messages, typing signal, and sending. Whitespace alone is never sent.
 */
export function useComposer({ ticketId, enabled, replyTo, clearReply }: ComposerOptions) {
  const [text, setTextState] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const signature = useSignature();
  const quickMessages = useQuickMessages(text, enabled);
  const sender = useSendMessage(ticketId);
  const typingSignal = useTypingSignal(ticketId);

  const setText = useCallback(
    (value: string) => {
      setTextState(value);
      if (value) typingSignal.typing();
    },
    [typingSignal],
  );

  const quoted = replyTo ? { id: replyTo.id } : null;
  const signed = (body: string) => signBody(body.trim(), signature.userName, signature.signed);

  /**
   * Text and files go in one message: the text is the first file's caption, so the contact
   * gets them together and in the order the agent wrote them, not the file and then the text.
   */
  const send = async () => {
    if (!enabled || sender.isPending) return;
    typingSignal.stop();
    const withText = isSendable(text);
    try {
      if (files.length > 0) {
        await sender.mutateAsync({
          kind: "files",
          files,
          caption: withText ? signed(text) : undefined,
          quotedMsgId: quoted?.id,
        });
        setFiles([]);
      } else if (withText) {
        await sender.mutateAsync({
          kind: "text",
          input: { body: signed(text), quotedMsg: quoted },
        });
      } else return;
      if (withText) setTextState("");
      clearReply();
    } catch {
      // The error toast has told why; what was typed stays.
    }
  };

  const sendAudio = (file: File) => {
    sender.mutate({ kind: "files", files: [file] });
  };

  const chooseQuickMessage = (quick: QuickMessageDTO) => {
    if (quick.mediaUrl || quick.fileName) {
      setTextState("");
      sender.mutate({ kind: "text", input: { body: "", quickMessageId: quick.id } });
    } else setTextState(quick.message);
  };

  return {
    text,
    setText,
    files,
    addFiles: (added: File[]) => setFiles((current) => [...current, ...added]),
    removeFile: (index: number) => setFiles((current) => current.filter((_, i) => i !== index)),
    signature,
    quickMessages,
    chooseQuickMessage,
    send: () => void send(),
    sendAudio,
    sending: sender.isPending,
    canSend: enabled && !sender.isPending && (files.length > 0 || isSendable(text)),
  };
}
