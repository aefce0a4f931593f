import { FORM_SUBMIT_DELAY_MS, tagUpdateSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { tagsApi, type TagPayload, type TagRowDTO } from "../api/tagsApi";
import { upsertTag } from "../api/tagsCache";
import { DEFAULT_TAG_COLOR } from "../lib/tagColors";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type TagFormValues = TagPayload;

/** The tag dialog (admin-operator §2.8, §5): shared schema, 400 ms submit delay, toast. */
export function useTagForm({ tag, onClose }: { tag?: TagRowDTO; onClose(): void }) {
  const { t } = useTranslation("tags");
  const queryClient = useQueryClient();
  const form = useForm<TagFormValues>({
    resolver: zodResolver(tagUpdateSchema) as unknown as Resolver<TagFormValues>,
    defaultValues: { name: tag?.name ?? "", color: tag?.color ?? DEFAULT_TAG_COLOR },
  });

  const save = useMutation({
    mutationFn: (values: TagFormValues) =>
      tag ? tagsApi.update(tag.id, values) : tagsApi.create(values.name, values.color),
    onSuccess: (saved) => {
      upsertTag(queryClient, { ...saved, contactsCount: saved.contactsCount ?? 0 });
      toast.success(t("saved"));
      onClose();
    },
    onError: toastError,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await delay(FORM_SUBMIT_DELAY_MS);
    await save.mutateAsync(values).catch(() => undefined);
  });

  return { form, onSubmit, saving: form.formState.isSubmitting };
}
