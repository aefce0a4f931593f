import type { QueueRefDTO } from "@atrium/shared";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import OutlinedInput from "@mui/material/OutlinedInput";
import Select from "@mui/material/Select";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { NO_QUEUE_COLOR } from "./TicketRow";

interface TicketQueueSelectProps {
  queues: readonly QueueRefDTO[];
  value: number[];
  onChange(ids: number[]): void;
}

/** The manager's queue filter: the user's queues plus 'Sem Fila' (id 0). */
export function TicketQueueSelect({ queues, value, onChange }: TicketQueueSelectProps) {
  const { t } = useTranslation("tickets");
  const labelId = useId();
  const options = [...queues, { id: 0, name: t("manager.noQueue"), color: NO_QUEUE_COLOR }];
  return (
    <FormControl size="small" sx={{ minWidth: 120, flex: 1 }}>
      <InputLabel id={labelId}>{t("manager.queues")}</InputLabel>
      <Select<number[]>
        labelId={labelId}
        multiple
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          onChange(typeof next === "string" ? next.split(",").map(Number) : next);
        }}
        input={<OutlinedInput label={t("manager.queues")} />}
        renderValue={(selected) =>
          selected.length === options.length
            ? t("manager.allQueues")
            : t("manager.queuesSelected", { count: selected.length })
        }
      >
        {options.map((queue) => (
          <MenuItem key={queue.id} value={queue.id} dense>
            <Checkbox size="small" checked={value.includes(queue.id)} />
            <Box
              component="span"
              sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: queue.color, mr: 1 }}
            />
            <ListItemText primary={queue.name} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
