import { LANGUAGES, PAYMENT_METHODS, RECURRENCES, USE_TYPES } from "@atrium/shared";
import Grid from "@mui/material/Grid";
import TextField from "@mui/material/TextField";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { textFieldProps } from "../../../components/form/textFieldProps";
import { PasswordField } from "../../../components/form/PasswordField";
import type { PlanDTO } from "../../plans/api/plansApi";
import type { InstanceDTO } from "../api/companiesApi";
import type { CompanyFormValues } from "../lib/companyForm";
import { FormSelect } from "./FormSelect";
import { FormDateField } from "../../../components/form/FormDateField";

interface CompanyFormProps {
  form: UseFormReturn<CompanyFormValues>;
  isNew: boolean;
  plans: PlanDTO[];
  instances: InstanceDTO[];
}

const cell = { xs: 12, sm: 6, md: 3 } as const;

/** The company form's fields (admin-operator §2.3): email, plan and instance marked required. */
export function CompanyFormFields({ form, isNew, plans, instances }: CompanyFormProps) {
  const { t } = useTranslation("companies");
  const { control } = form;
  // Own ids: the user modal (opened from this screen) has fields with the same names.
  const field = (
    name:
      "name" | "email" | "adminName" | "password" | "document" | "phone" | "dueDate" | "segments",
  ) => ({
    ...textFieldProps(form, name),
    id: `company-${name}`,
  });
  const yesNo = [
    { value: "true", label: t("yes") },
    { value: "false", label: t("no") },
  ];
  return (
    <Grid container spacing={2}>
      <Grid size={cell}>
        <TextField label={t("form.name")} fullWidth {...field("name")} />
      </Grid>
      <Grid size={cell}>
        <TextField label={t("form.email")} type="email" required fullWidth {...field("email")} />
      </Grid>
      {isNew && (
        <Grid size={cell}>
          <TextField
            label={t("form.adminName")}
            fullWidth
            {...field("adminName")}
            helperText={field("adminName").helperText ?? t("form.adminNameHint")}
          />
        </Grid>
      )}
      {isNew && (
        <Grid size={cell}>
          <PasswordField
            label={t("form.password")}
            fullWidth
            showLabel={t("form.showPassword")}
            hideLabel={t("form.hidePassword")}
            {...field("password")}
          />
        </Grid>
      )}
      <Grid size={cell}>
        <TextField label={t("form.document")} fullWidth {...field("document")} />
      </Grid>
      <Grid size={cell}>
        <TextField label={t("form.phone")} fullWidth {...field("phone")} />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="status"
          label={t("form.status")}
          options={[
            { value: "true", label: t("status.active") },
            { value: "false", label: t("status.inactive") },
          ]}
        />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="planId"
          label={t("form.plan")}
          required
          options={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
        />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="instanceId"
          label={t("form.instance")}
          required
          emptyLabel={t("none")}
          options={instances.map((i) => ({ value: i.id, label: i.name || i.address }))}
        />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="paymentMethod"
          label={t("form.paymentMethod")}
          emptyLabel={t("none")}
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) }))}
        />
      </Grid>
      <Grid size={cell}>
        <FormDateField
          control={control}
          name="dueDate"
          id="company-dueDate"
          label={t("form.dueDate")}
          fullWidth
        />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="recurrence"
          label={t("form.recurrence")}
          options={RECURRENCES.map((r) => ({ value: r, label: t(`recurrences.${r}`) }))}
        />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="useType"
          label={t("form.useType")}
          options={USE_TYPES.map((u) => ({ value: u, label: t(`useTypes.${u}`) }))}
        />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="invoiceRequired"
          label={t("form.invoiceRequired")}
          options={yesNo}
        />
      </Grid>
      <Grid size={cell}>
        <TextField label={t("form.segments")} fullWidth {...field("segments")} />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="apiEnabled"
          label={t("form.apiEnabled")}
          options={yesNo}
        />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="campaignsEnabled"
          label={t("form.campaignsEnabled")}
          options={yesNo}
        />
      </Grid>
      <Grid size={cell}>
        <FormSelect
          control={control}
          name="language"
          label={t("form.language")}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
      </Grid>
    </Grid>
  );
}
