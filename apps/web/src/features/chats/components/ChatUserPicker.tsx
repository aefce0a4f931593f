import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { ChatUserOption } from "../api/chatsApi";
import { PresenceDot } from "./PresenceDot";

interface ChatUserPickerProps {
  options: ChatUserOption[];
  loading: boolean;
  value: ChatUserOption[];
  onChange(users: ChatUserOption[]): void;
  error?: string;
}

/** The chat's members: the company's users (GET /users/list) with their online dot. */
export function ChatUserPicker({ options, loading, value, onChange, error }: ChatUserPickerProps) {
  const { t } = useTranslation("chats");
  // Presence comes from the live list, also for members already picked.
  const online = (id: number) => options.find((option) => option.id === id)?.online ?? false;
  return (
    <Autocomplete
      multiple
      filterSelectedOptions
      options={options}
      loading={loading}
      value={value}
      onChange={(_event, users) => onChange(users)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      noOptionsText={t("dialog.noUsers")}
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box
            component="li"
            key={key}
            {...rest}
            sx={{ display: "flex", alignItems: "center", gap: 1 }}
          >
            <PresenceDot online={online(option.id)} />
            <span>{option.name}</span>
            {option.email && (
              <Typography component="span" variant="caption" color="text.secondary" noWrap>
                {option.email}
              </Typography>
            )}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("dialog.users")}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
