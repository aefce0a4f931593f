import { noteSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import {
  notesApi,
  notesKeys,
  notesQuery,
  type NoteTarget,
  type TicketNoteDTO,
} from "../api/notesApi";

/** The note form validates the one field with the shared noteSchema ('Required', 'Too Short!'). */
const noteFormSchema = noteSchema.pick({ note: true });

export interface NoteFormValues {
  note: string;
}

/**
 * Private notes of a contact (and ticket): the list, newest first, a one-field form and the
 * delete. Success and failure are told with toasts (agent-core §8).
 */
export function useTicketNotes(target: NoteTarget) {
  const { t } = useTranslation("contacts");
  const queryClient = useQueryClient();
  const key = notesKeys.list(target);

  const list = useQuery(notesQuery(target));

  const form = useForm<NoteFormValues>({
    resolver: zodResolver(noteFormSchema) as unknown as Resolver<NoteFormValues>,
    defaultValues: { note: "" },
  });

  const add = useMutation({
    mutationFn: (note: string) => notesApi.create(note, target),
    onSuccess: (created) => {
      queryClient.setQueryData<TicketNoteDTO[]>(key, (old) => [created, ...(old ?? [])]);
      toast.success(t("notes.added"));
      form.reset({ note: "" });
    },
    onError: toastError,
  });

  const remove = useMutation({
    mutationFn: (id: number) => notesApi.remove(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<TicketNoteDTO[]>(key, (old) => old?.filter((n) => n.id !== id));
      toast.success(t("notes.deleted"));
    },
    onError: toastError,
  });

  const onSubmit = form.handleSubmit(async ({ note }) => {
    await add.mutateAsync(note).catch(() => undefined);
  });

  return {
    notes: list.data ?? [],
    loading: list.isPending,
    form,
    onSubmit,
    saving: form.formState.isSubmitting,
    remove,
  };
}
