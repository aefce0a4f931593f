import { companySchedulesSchema, emptyWorkingHours, type WorkingHoursEntry } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { settingsApi, settingsKeys } from "../api/settingsApi";

export interface WorkingHoursForm {
  schedules: WorkingHoursEntry[];
}

/** The company's seven weekday cards → PUT /companies/:id/schedules. */
export function useCompanySchedules(companyId: number) {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  const company = useQuery({
    queryKey: settingsKeys.company(companyId),
    queryFn: ({ signal }) => settingsApi.company(companyId, signal),
  });
  const form = useForm<WorkingHoursForm>({
    resolver: zodResolver(companySchedulesSchema) as unknown as Resolver<WorkingHoursForm>,
    defaultValues: { schedules: emptyWorkingHours() },
  });
  const { reset } = form;
  useEffect(() => {
    if (company.data) {
      const stored = company.data.schedules;
      reset({ schedules: stored?.length === 7 ? stored : emptyWorkingHours() });
    }
  }, [company.data, reset]);

  const save = useMutation({
    mutationFn: (schedules: WorkingHoursEntry[]) =>
      settingsApi.updateCompanySchedules(companyId, schedules),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.company(companyId), saved);
      toast.success(t("schedules.saved"));
    },
    onError: toastError,
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await save.mutateAsync(values.schedules).catch(() => undefined);
  });
  return { form, onSubmit, loading: company.isPending, saving: form.formState.isSubmitting };
}
