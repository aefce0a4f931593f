import type { QueueRefDTO } from "@atrium/shared";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { Controller, useWatch, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { CompanyOption } from "../../companies/api/companiesApi";
import { QueueMultiSelect } from "../../queues/components/QueueMultiSelect";
import type { UserFormValues } from "../hooks/userFormValues";

interface Props {
  form: UseFormReturn<UserFormValues>;
  companies: readonly CompanyOption[];
  supportQueues: readonly QueueRefDTO[];
  supportQueuesLoading: boolean;
}

/**
 * A super user editing another user: support access to a company ('Nenhuma' = none); a chosen
 * company brings its own queue selector.
 */
export function SupportAccessFields({
  form,
  companies,
  supportQueues,
  supportQueuesLoading,
}: Props) {
  const { t } = useTranslation("users");
  const selectedCompanyId = useWatch({ control: form.control, name: "selectedCompanyId" });
  return (
    <>
      <Controller
        control={form.control}
        name="selectedCompanyId"
        render={({ field }) => (
          <TextField
            select
            label={t("modal.supportAccess")}
            fullWidth
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            value={field.value ?? ""}
            // Show 'Nenhuma' (the empty value) instead of a blank box.
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            onChange={(event) => {
              const value = event.target.value;
              field.onChange(value === "" ? null : Number(value));
              form.setValue("selectedCompanyQueueIds", []);
            }}
          >
            <MenuItem value="">{t("modal.noCompany")}</MenuItem>
            {companies.map((company) => (
              <MenuItem key={company.id} value={company.id}>
                {company.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {selectedCompanyId !== null && (
        <Controller
          control={form.control}
          name="selectedCompanyQueueIds"
          render={({ field }) => (
            <QueueMultiSelect
              label={t("modal.supportQueues")}
              queues={supportQueues}
              value={field.value}
              onChange={field.onChange}
              disabled={supportQueuesLoading}
            />
          )}
        />
      )}
    </>
  );
}
