import type { QueueRefDTO } from "@atrium/shared";
import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import { useTranslation } from "react-i18next";
import { TicketQueueSelect } from "./TicketQueueSelect";

interface TicketsManagerHeaderProps {
  queues: readonly QueueRefDTO[];
  selectedQueueIds: number[];
  onQueuesChange(ids: number[]): void;
  canShowAll: boolean;
  showAll: boolean;
  onShowAllChange(on: boolean): void;
  onNewTicket(): void;
}

/** 'New ticket', the queue filter and (with tickets-manager:showall) the show-all switch. */
export function TicketsManagerHeader({
  queues,
  selectedQueueIds,
  onQueuesChange,
  canShowAll,
  showAll,
  onShowAllChange,
  onNewTicket,
}: TicketsManagerHeaderProps) {
  const { t } = useTranslation("tickets");
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, p: 1, flexWrap: "wrap" }}>
      <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={onNewTicket}>
        {t("manager.newTicket")}
      </Button>
      <TicketQueueSelect queues={queues} value={selectedQueueIds} onChange={onQueuesChange} />
      {canShowAll && (
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Switch
              size="small"
              checked={showAll}
              onChange={(event) => onShowAllChange(event.target.checked)}
            />
          }
          label={t("manager.showAll")}
        />
      )}
    </Box>
  );
}
