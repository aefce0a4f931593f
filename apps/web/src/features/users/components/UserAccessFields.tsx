import { PROFILES, type QueueRefDTO } from "@atrium/shared";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import { Controller, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { QueueMultiSelect } from "../../queues/components/QueueMultiSelect";
import type { UserFormAbilities, UserFormValues } from "../hooks/userFormValues";

interface Props {
  form: UseFormReturn<UserFormValues>;
  abilities: UserFormAbilities;
  queues: readonly QueueRefDTO[];
}

const SWITCHES = ["allowFinishTicketWithoutMessage", "allowChangeSignature"] as const;

/**
 * Profile (rule user-modal:editProfile), queues (user-modal:editQueues) and the two ticket
 * switches, which only a profile editor may change.
 */
export function UserAccessFields({ form, abilities, queues }: Props) {
  const { t } = useTranslation("users");
  return (
    <>
      {abilities.editProfile && (
        <Controller
          control={form.control}
          name="profile"
          render={({ field }) => (
            <TextField {...field} select label={t("modal.profile")} fullWidth>
              {PROFILES.map((profile) => (
                <MenuItem key={profile} value={profile}>
                  {t(`profiles.${profile}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {abilities.editQueues && (
        <Controller
          control={form.control}
          name="queueIds"
          render={({ field }) => (
            <QueueMultiSelect
              label={t("modal.queues")}
              queues={queues}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
      {SWITCHES.map((name) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <FormControlLabel
              label={t(`modal.${name}`)}
              disabled={!abilities.editProfile}
              control={
                <Switch
                  checked={field.value}
                  onChange={(_event, checked) => field.onChange(checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                />
              }
            />
          )}
        />
      ))}
    </>
  );
}
