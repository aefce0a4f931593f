import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "../../../app/toast/toastStore";
import type { DashboardQuery } from "../api/dashboardApi";
import {
  checkFilter,
  defaultFilter,
  switchMode,
  type DashboardFilterValues,
  type FilterMode,
} from "../api/dashboardFilter";

/**
 * The filter form (agent-core §5): by date (defaults: first day of the month to today) or by
 * period; nothing set → 'Parametrize o filtro' toast; invalid dates are refused on the field.
 */
export function useDashboardFilter(onApply: (query: DashboardQuery) => void) {
  const { t } = useTranslation("dashboard");
  const form = useForm<DashboardFilterValues>({ defaultValues: defaultFilter() });
  const mode = useWatch({ control: form.control, name: "mode" });
  const days = useWatch({ control: form.control, name: "days" });

  const changeMode = (next: FilterMode) => form.reset(switchMode(form.getValues(), next));
  const changeDays = (value: string) => form.setValue("days", value);

  const onSubmit = form.handleSubmit((values) => {
    form.clearErrors();
    const check = checkFilter(values);
    if (check.ok) {
      onApply(check.query);
      return;
    }
    if (check.reason === "required") {
      toast.error(t("filter.required"));
      return;
    }
    const message = t(check.reason === "startAfterEnd" ? "filter.startAfterEnd" : "filter.invalid");
    form.setError(check.field, { message }, { shouldFocus: true });
  });

  return { form, mode, days, changeMode, changeDays, onSubmit };
}
