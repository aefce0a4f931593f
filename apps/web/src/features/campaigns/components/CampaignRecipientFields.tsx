import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { validationText } from "../../../app/validation";
import { useContactListOptions } from "../../contactLists/hooks/useContactLists";
import { useTagsList } from "../../tags/hooks/useTags";
import type { CampaignFormValues } from "../lib/campaignRules";

/** Recipients: a contact list or the contacts of a tag (one of the two). */
export function CampaignRecipientFields({ form }: { form: UseFormReturn<CampaignFormValues> }) {
  const { t } = useTranslation("campaigns");
  const kind = form.watch("recipientKind");
  const lists = useContactListOptions(kind === "list");
  const { tags } = useTagsList(kind === "tag");
  const error = validationText(form.formState.errors.contactListId?.message);
  const options = kind === "list" ? lists : tags;
  return (
    <>
      <Controller
        control={form.control}
        name="recipientKind"
        render={({ field }) => (
          <RadioGroup
            row
            aria-label={t("dialog.recipients")}
            value={field.value}
            onChange={(_event, value) => field.onChange(value)}
          >
            <FormControlLabel value="list" control={<Radio />} label={t("dialog.byList")} />
            <FormControlLabel value="tag" control={<Radio />} label={t("dialog.byTag")} />
          </RadioGroup>
        )}
      />
      <Controller
        key={kind}
        control={form.control}
        name={kind === "list" ? "contactListId" : "tagId"}
        render={({ field }) => (
          <TextField
            select
            fullWidth
            id={`field-${field.name}`}
            label={t(kind === "list" ? "dialog.contactList" : "dialog.tag")}
            value={field.value}
            onChange={(event) => field.onChange(Number(event.target.value))}
            onBlur={field.onBlur}
            error={Boolean(error)}
            helperText={error}
          >
            {options.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </>
  );
}
