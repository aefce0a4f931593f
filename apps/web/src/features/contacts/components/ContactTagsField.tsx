import Autocomplete from "@mui/material/Autocomplete";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contactsApi, contactsKeys } from "../api/contactsApi";
import type { ContactFormValues } from "../hooks/contactFormValues";

/** The contact's tags: an autocomplete over GET /tags/list, each chip in its colour. */
export function ContactTagsField({ form }: { form: UseFormReturn<ContactFormValues> }) {
  const { t } = useTranslation("contacts");
  const options = useQuery({
    queryKey: contactsKeys.tagOptions(),
    queryFn: ({ signal }) => contactsApi.tagOptions(signal),
  });
  return (
    <Controller
      control={form.control}
      name="tags"
      render={({ field }) => (
        <Autocomplete
          multiple
          options={options.data ?? []}
          loading={options.isPending}
          value={field.value}
          onChange={(_event, value) => field.onChange(value)}
          onBlur={field.onBlur}
          getOptionLabel={(tag) => tag.name}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          noOptionsText={t("contactModal.noTags")}
          loadingText={t("common:loading")}
          renderValue={(value, getItemProps) =>
            value.map((tag, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  size="small"
                  label={tag.name}
                  {...itemProps}
                  sx={{ bgcolor: tag.color || "#eee", color: "#fff" }}
                />
              );
            })
          }
          renderInput={(params) => (
            <TextField {...params} label={t("contactModal.tags")} inputRef={field.ref} />
          )}
        />
      )}
    />
  );
}
