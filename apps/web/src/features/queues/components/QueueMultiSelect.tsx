import type { QueueRefDTO } from "@atrium/shared";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import MenuItem from "@mui/material/MenuItem";
import OutlinedInput from "@mui/material/OutlinedInput";
import Select from "@mui/material/Select";
import { useId } from "react";

interface QueueMultiSelectProps {
  label: string;
  queues: readonly QueueRefDTO[];
  value: number[];
  onChange(ids: number[]): void;
  disabled?: boolean;
}

/** Multi-select of queues, each shown as a chip in its colour. */
export function QueueMultiSelect({
  label,
  queues,
  value,
  onChange,
  disabled,
}: QueueMultiSelectProps) {
  const labelId = useId();
  const byId = new Map(queues.map((q) => [q.id, q]));
  return (
    <FormControl fullWidth size="small" disabled={disabled}>
      <InputLabel id={labelId}>{label}</InputLabel>
      <Select<number[]>
        labelId={labelId}
        multiple
        value={value.filter((id) => byId.has(id))}
        onChange={(event) => {
          const next = event.target.value;
          onChange(typeof next === "string" ? next.split(",").map(Number) : next);
        }}
        input={<OutlinedInput label={label} />}
        renderValue={(selected) => (
          <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
            {selected.map((id) => {
              const queue = byId.get(id);
              return (
                <Chip
                  key={id}
                  size="small"
                  label={queue?.name ?? id}
                  sx={{ bgcolor: queue?.color, color: "#fff" }}
                />
              );
            })}
          </Box>
        )}
      >
        {queues.map((queue) => (
          <MenuItem key={queue.id} value={queue.id}>
            <Box
              component="span"
              sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color, mr: 1 }}
            />
            {queue.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
