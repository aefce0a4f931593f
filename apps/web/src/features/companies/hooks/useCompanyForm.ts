import { FORM_SUBMIT_DELAY_MS, nextDueDate } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastFailure } from "../../../api/toastFailure";
import { toast } from "../../../app/toast/toastStore";
import {
  companiesApi,
  companiesKeys,
  type CompanyPayload,
  type OperatorCompanyDTO,
} from "../api/companiesApi";
import {
  companyFormSchema,
  companyToForm,
  EMPTY_COMPANY_FORM,
  formToPayload,
  type CompanyFormValues,
} from "../lib/companyForm";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The company form (admin-operator §2.3, §5): loads the selected company, Save creates or
 * updates after the submit delay, '+ Vencimento' moves the due date by one recurrence without
 * saving. After a save the form returns to the defaults.
 */
export function useCompanyForm(selected: OperatorCompanyDTO | null, onDone: () => void) {
  const { t } = useTranslation("companies");
  const queryClient = useQueryClient();
  const form = useForm<CompanyFormValues>({
    resolver: zodResolver(companyFormSchema, undefined, {
      raw: true,
    }) as unknown as Resolver<CompanyFormValues>,
    defaultValues: selected ? companyToForm(selected) : EMPTY_COMPANY_FORM,
  });

  const save = useMutation({
    mutationFn: (payload: CompanyPayload) =>
      selected ? companiesApi.update(selected.id, payload) : companiesApi.create(payload),
    onSuccess: async () => {
      toast.success(t("toasts.saved"));
      form.reset(EMPTY_COMPANY_FORM);
      onDone();
      await queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    },
    onError: (err) => toastFailure(err, t("toasts.failed")),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await delay(FORM_SUBMIT_DELAY_MS);
    await save.mutateAsync(formToPayload(values, !selected)).catch(() => undefined);
  });

  /** '+ Vencimento': nothing happens while the due date is empty (§4). */
  const advanceDueDate = () => {
    const { dueDate, recurrence } = form.getValues();
    const next = nextDueDate(dueDate, recurrence);
    if (next && next !== dueDate) form.setValue("dueDate", next, { shouldDirty: true });
  };

  return { form, onSubmit, saving: form.formState.isSubmitting, advanceDueDate };
}
