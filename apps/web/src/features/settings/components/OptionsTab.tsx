import { SETTING_VALUES, type SettingKey } from "@atrium/shared";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/Spinner";
import { useSettings, useUpdateSetting } from "../hooks/useSettings";
import { SignupLink } from "./SignupLink";

const KEYS = Object.keys(SETTING_VALUES) as SettingKey[];

/** Settings › Options: every known setting as a select, saved as soon as it changes. */
export function OptionsTab() {
  const { t } = useTranslation("settings");
  const { valueOf, loading } = useSettings();
  const update = useUpdateSetting();
  if (loading) return <Spinner />;
  return (
    <Grid container spacing={2}>
      {KEYS.map((key) => (
        <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            select
            fullWidth
            id={`setting-${key}`}
            label={t(`options.${key}.label`)}
            value={valueOf(key) ?? ""}
            onChange={(event) => update.mutate({ key, value: event.target.value })}
          >
            {(SETTING_VALUES[key] ?? []).map((value) => (
              <MenuItem key={value} value={value}>
                {t(`options.${key}.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      ))}
      {valueOf("userCreation") === "enabled" && (
        <Grid size={12}>
          <SignupLink />
        </Grid>
      )}
    </Grid>
  );
}
