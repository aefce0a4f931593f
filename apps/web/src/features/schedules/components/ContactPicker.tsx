import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { contactsApi } from "../../contacts/api/contactsApi";
import type { ContactOption } from "../hooks/useScheduleForm";

interface Props {
  value: ContactOption | null;
  error?: string;
  disabled?: boolean;
  onChange(contact: ContactOption | null): void;
}

/** Contact search: asks the server once at least 3 characters are typed. */
export function ContactPicker({ value, error, disabled, onChange }: Props) {
  const { t } = useTranslation("schedules");
  const [input, setInput] = useState("");
  const term = useDebouncedValue(input.trim(), 300);
  const enabled = term.length >= 3 && term !== value?.name;
  const query = useQuery({
    queryKey: ["schedules", "contactSearch", term],
    queryFn: ({ signal }) => contactsApi.list({ searchParam: term, pageNumber: 1 }, signal),
    enabled,
  });
  const options: ContactOption[] = (query.data?.contacts ?? []).map((c) => ({
    id: c.id,
    name: c.name,
  }));

  return (
    <Autocomplete
      value={value}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(list) => list}
      loading={enabled && query.isFetching}
      disabled={disabled}
      noOptionsText={t(input.trim().length < 3 ? "dialog.typeToSearch" : "dialog.noContacts")}
      onInputChange={(_event, text) => setInput(text)}
      onChange={(_event, option) => onChange(option)}
      renderInput={(params) => (
        <TextField
          {...params}
          id="field-contactId"
          label={t("dialog.contact")}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
