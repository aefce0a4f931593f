import { chatCreateSchema, type ChatDTO } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { chatsApi, type ChatPayload, type ChatUserOption } from "../api/chatsApi";
import { addChatToCaches, replaceChatInCaches } from "../api/chatsCache";

export interface ChatFormValues {
  title: string;
  users: ChatUserOption[];
}

/** The members other than me (the owner always stays a member). */
export function chatToFormValues(chat: ChatDTO | undefined, meId: number): ChatFormValues {
  if (!chat) return { title: "", users: [] };
  return {
    title: chat.title,
    users: chat.users
      .filter((member) => member.userId !== meId)
      .map((member) => ({ id: member.userId, name: member.user.name })),
  };
}

interface ChatFormOptions {
  /** Absent: a new chat. */
  chat?: ChatDTO;
  meId: number;
  onSaved(chat: ChatDTO, created: boolean): void;
}

/**
 * The chat dialog (admin-operator §2.14): title and members, checked with the shared chat
 * schema. Failures are silent (admin-operator §8): the dialog simply stays open.
 */
export function useChatForm({ chat, meId, onSaved }: ChatFormOptions) {
  const queryClient = useQueryClient();
  const form = useForm<ChatFormValues>({
    resolver: zodResolver(chatCreateSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<ChatFormValues>,
    defaultValues: chatToFormValues(chat, meId),
  });

  const save = useMutation({
    mutationFn: (payload: ChatPayload) =>
      chat ? chatsApi.update(chat.id, payload) : chatsApi.create(payload),
    onSuccess: (saved) => {
      if (chat) replaceChatInCaches(queryClient, saved);
      else addChatToCaches(queryClient, saved);
      onSaved(saved, !chat);
    },
    onError: () => undefined,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const payload: ChatPayload = {
      title: values.title.trim(),
      users: values.users.map(({ id, name }) => ({ id, name })),
    };
    await save.mutateAsync(payload).catch(() => undefined);
  });

  return { form, onSubmit, saving: form.formState.isSubmitting, isEdit: Boolean(chat) };
}
