import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { DEFAULT_TAG_COLOR, tagTextColor } from "../../tags/lib/tagColors";
import type { TagDTO, TicketDTO } from "../api/ticketTypes";
import { useTicketTags } from "../hooks/useTicketTags";

/** The ticket's tags as chips; pick more, remove, or type a new name to create one. */
export function TicketTags({ ticket }: { ticket: TicketDTO }) {
  const { t } = useTranslation("tickets");
  const tags = useTicketTags(ticket);
  return (
    <Box sx={{ px: 1.5, py: 0.5, borderBottom: 1, borderColor: "divider" }}>
      <Autocomplete<TagDTO, true, false, true>
        multiple
        freeSolo
        size="small"
        options={tags.options}
        value={ticket.tags}
        loading={tags.loading}
        disabled={tags.busy}
        getOptionLabel={(tag) => (typeof tag === "string" ? tag : tag.name)}
        isOptionEqualToValue={(a, b) => typeof b !== "string" && a.id === b.id}
        onChange={(_event, chosen) => void tags.change(chosen)}
        renderValue={(value, getItemProps) =>
          value.map((tag, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            const name = typeof tag === "string" ? tag : tag.name;
            const color = typeof tag === "string" ? undefined : tag.color;
            return (
              <Chip
                key={key}
                {...itemProps}
                size="small"
                label={name}
                sx={{
                  bgcolor: color ?? DEFAULT_TAG_COLOR,
                  color: tagTextColor(color),
                  fontWeight: 600,
                }}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            variant="standard"
            placeholder={t("tags.placeholder")}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, "aria-label": t("tags.label") },
            }}
          />
        )}
      />
    </Box>
  );
}
