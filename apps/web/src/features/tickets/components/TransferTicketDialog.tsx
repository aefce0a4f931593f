import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import type { TicketDTO } from "../api/ticketTypes";
import { useTicketActions } from "../hooks/useTicketActions";
import { useTransferTicket } from "../hooks/useTransferTicket";

/** Transfer to a user and/or a queue (agent-core §2, §4); back to the list afterwards. */
export function TransferTicketDialog({ ticket, onClose }: { ticket: TicketDTO; onClose(): void }) {
  const { t } = useTranslation(["tickets", "common"]);
  const transfer = useTransferTicket();
  const actions = useTicketActions(ticket);
  const submit = () => {
    if (transfer.action) actions.run(transfer.action, onClose);
  };
  return (
    <Dialog
      open
      onClose={actions.busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="transfer-title"
    >
      <DialogTitle id="transfer-title">{t("transfer.title")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Autocomplete
            options={transfer.userOptions}
            value={transfer.user}
            filterOptions={(all) => all}
            getOptionLabel={(user) => user.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onInputChange={(_event, value, reason) =>
              reason !== "reset" && transfer.setSearch(value)
            }
            onChange={(_event, user) => transfer.setUser(user)}
            loading={transfer.searchingUsers}
            loadingText={t("common:loading")}
            noOptionsText={
              transfer.search.trim().length < 3 ? t("transfer.typeToSearch") : t("transfer.noUsers")
            }
            renderInput={(params) => <TextField {...params} label={t("transfer.user")} autoFocus />}
          />
          <TextField
            select
            label={t("transfer.queue")}
            value={transfer.queueId}
            onChange={(event) =>
              transfer.setQueueId(event.target.value === "" ? "" : Number(event.target.value))
            }
          >
            <MenuItem value="">{t("transfer.noQueueChoice")}</MenuItem>
            {transfer.queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={actions.busy}>
          {t("common:actions.cancel")}
        </Button>
        <Button variant="contained" onClick={submit} disabled={!transfer.action || actions.busy}>
          {t("transfer.ok")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
