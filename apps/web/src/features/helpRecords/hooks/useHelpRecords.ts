import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastFailure } from "../../../api/toastFailure";
import { toast } from "../../../app/toast/toastStore";
import type { HelpDTO } from "../../helps/api/helpsApi";
import { helpRecordsApi, helpRecordsKeys, type HelpPayload } from "../api/helpRecordsApi";

/** Help form submit delay (admin-operator §9). */
const HELP_SUBMIT_DELAY_MS = 500;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const EMPTY_HELP_FORM: HelpPayload = { title: "", description: "", video: "", version: "1" };

/**
 * The help records manager (admin-operator §2.12): list with version=all, a form with no
 * client-side validation, Save (create or update), Delete of the loaded record.
 */
export function useHelpRecords() {
  const { t } = useTranslation("helpRecords");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<HelpDTO | null>(null);
  const form = useForm<HelpPayload>({ defaultValues: EMPTY_HELP_FORM });
  const query = useQuery({
    queryKey: helpRecordsKeys.list(),
    queryFn: ({ signal }) => helpRecordsApi.list(signal),
  });

  useEffect(() => {
    if (query.isError) toast.error(t("loadFailed"));
  }, [query.isError, t]);

  const clear = () => {
    setEditing(null);
    form.reset(EMPTY_HELP_FORM);
  };
  const load = (help: HelpDTO) => {
    setEditing(help);
    form.reset({
      title: help.title,
      description: help.description ?? "",
      video: help.video ?? "",
      version: help.version === "2" ? "2" : "1",
    });
  };
  // The /helps page reads the same records: both lists refresh.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["helps"] });
  const done = async () => {
    toast.success(t("saved"));
    clear();
    await refresh();
  };

  const save = useMutation({
    mutationFn: (payload: HelpPayload) =>
      editing ? helpRecordsApi.update(editing.id, payload) : helpRecordsApi.create(payload),
    onSuccess: done,
    onError: (err) => toastFailure(err, t("saveFailed")),
  });
  const remove = useMutation({
    mutationFn: (id: number) => helpRecordsApi.remove(id),
    onSuccess: done,
    onError: (err) => toastFailure(err, t("failed")),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await delay(HELP_SUBMIT_DELAY_MS);
    await save.mutateAsync(values).catch(() => undefined);
  });

  return {
    records: query.data ?? [],
    loading: query.isPending,
    form,
    editing,
    load,
    clear,
    onSubmit,
    saving: form.formState.isSubmitting,
    remove: () => editing && remove.mutate(editing.id),
    removing: remove.isPending,
  };
}
