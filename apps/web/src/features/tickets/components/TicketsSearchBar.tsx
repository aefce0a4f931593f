import type { TicketStatus } from "@atrium/shared";
import SearchIcon from "@mui/icons-material/Search";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useTagsList } from "../../tags/hooks/useTags";
import type { SearchFilters } from "../hooks/useTicketFilters";
import { useUserOptions } from "../hooks/useUserOptions";

interface TicketsSearchBarProps {
  filters: SearchFilters;
  onChange(filters: SearchFilters): void;
  showUserFilter: boolean;
  loading: boolean;
  onSearch(): void;
}

const STATUSES: (TicketStatus | "")[] = ["", "open", "pending", "closed"];

/** The Search tab: text (debounced 500 ms), status, tags, users (admins) and 'Pesquisar'. */
export function TicketsSearchBar({
  filters,
  onChange,
  showUserFilter,
  loading,
  onSearch,
}: TicketsSearchBarProps) {
  const { t } = useTranslation("tickets");
  const { tags } = useTagsList();
  const users = useUserOptions(showUserFilter);
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 1, p: 1 }}>
      <TextField
        size="small"
        type="search"
        placeholder={t("search.placeholder")}
        value={filters.text}
        onChange={(event) => onChange({ ...filters, text: event.target.value })}
        slotProps={{
          htmlInput: { "aria-label": t("search.placeholder") },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon color="action" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ display: "flex", gap: 1 }}>
        <TextField
          select
          size="small"
          label={t("search.status")}
          value={filters.status}
          onChange={(event) =>
            onChange({ ...filters, status: event.target.value as TicketStatus | "" })
          }
          sx={{ minWidth: 130 }}
        >
          {STATUSES.map((status) => (
            <MenuItem key={status || "all"} value={status}>
              {t(`search.statuses.${status || "all"}`)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          size="small"
          fullWidth
          options={tags}
          getOptionLabel={(tag) => tag.name}
          value={tags.filter((tag) => filters.tags.includes(tag.id))}
          onChange={(_event, chosen) => onChange({ ...filters, tags: chosen.map((tag) => tag.id) })}
          renderInput={(params) => <TextField {...params} label={t("search.tags")} />}
          noOptionsText={t("search.noOptions")}
          limitTags={1}
        />
      </Box>
      <Box sx={{ display: "flex", gap: 1 }}>
        {showUserFilter && (
          <Autocomplete
            multiple
            size="small"
            fullWidth
            options={users}
            getOptionLabel={(user) => user.name}
            value={users.filter((user) => filters.users.includes(user.id))}
            onChange={(_event, chosen) =>
              onChange({ ...filters, users: chosen.map((user) => user.id) })
            }
            renderInput={(params) => <TextField {...params} label={t("search.users")} />}
            noOptionsText={t("search.noOptions")}
            limitTags={1}
          />
        )}
        <Button variant="contained" disabled={loading} onClick={onSearch} sx={{ ml: "auto" }}>
          {t("search.submit")}
        </Button>
      </Box>
    </Box>
  );
}
