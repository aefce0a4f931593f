import { FORM_SUBMIT_DELAY_MS } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastFailure } from "../../../api/toastFailure";
import { toast } from "../../../app/toast/toastStore";
import { plansApi, plansKeys, type PlanDTO, type PlanPayload } from "../api/plansApi";
import {
  EMPTY_PLAN_FORM,
  formToPayload,
  planFormSchema,
  planToForm,
  type PlanFormInput,
  type PlanFormOutput,
} from "../lib/planForm";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The plans form (admin-operator §2.4): a row's edit loads it; Save creates or updates,
 * Delete removes the loaded plan; both then reset the form. Failures show the spec's text.
 */
export function usePlanForm() {
  const { t } = useTranslation("plans");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<PlanDTO | null>(null);
  const form = useForm<PlanFormInput, unknown, PlanFormOutput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: EMPTY_PLAN_FORM,
  });

  const clear = () => {
    setEditing(null);
    form.reset(EMPTY_PLAN_FORM);
  };
  const load = (plan: PlanDTO) => {
    setEditing(plan);
    form.reset(planToForm(plan));
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: plansKeys.all });

  const save = useMutation({
    mutationFn: (payload: PlanPayload) =>
      editing ? plansApi.update(editing.id, payload) : plansApi.create(payload),
    onSuccess: async () => {
      toast.success(t("saved"));
      clear();
      await refresh();
    },
    onError: (err) => toastFailure(err, t("saveFailed")),
  });

  const remove = useMutation({
    mutationFn: (id: number) => plansApi.remove(id),
    onSuccess: async () => {
      toast.success(t("saved"));
      clear();
      await refresh();
    },
    onError: (err) => toastFailure(err, t("failed")),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await delay(FORM_SUBMIT_DELAY_MS);
    await save.mutateAsync(formToPayload(values)).catch(() => undefined);
  });

  return {
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
