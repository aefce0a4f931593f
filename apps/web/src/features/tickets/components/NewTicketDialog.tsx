import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { phoneOf } from "../../contacts/api/contactReach";
import { ContactFormDialog } from "../../contacts/components/ContactFormDialog";
import type { ContactOption } from "../api/lookupsApi";
import { newContactValues, useNewTicketForm } from "../hooks/useNewTicketForm";
import { validationText } from "../../../app/validation";

type Option = ContactOption | { add: true; term: string };
/** The contact's name and phone; a contact without a phone (a visitor) by name alone. */
const contactLabel = (contact: ContactOption) => {
  const phone = phoneOf(contact);
  return phone ? `${contact.name} - ${phone}` : contact.name;
};
const isAdd = (option: Option): option is { add: true; term: string } => "add" in option;

/** New ticket (agent-core §2 "New ticket dialog"). */
export function NewTicketDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation(["tickets", "common"]);
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState<{ name?: string; number?: string } | null>(null);
  const ticket = useNewTicketForm({ search, onClose });
  const { form } = ticket;
  const options: Option[] =
    ticket.searchDone && ticket.contactOptions.length === 0
      ? [{ add: true, term: search.trim() }]
      : ticket.contactOptions;

  return (
    <Dialog
      open={open}
      onClose={ticket.saving ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="new-ticket-title"
    >
      <DialogTitle id="new-ticket-title">{t("newTicket.title")}</DialogTitle>
      <form noValidate onSubmit={ticket.onSubmit}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <Controller
              control={form.control}
              name="contact"
              render={({ field }) => (
                <Autocomplete<Option>
                  options={options}
                  value={field.value}
                  filterOptions={(all) => all}
                  getOptionLabel={(option) => (isAdd(option) ? option.term : contactLabel(option))}
                  isOptionEqualToValue={(a, b) => !isAdd(a) && !isAdd(b) && a.id === b.id}
                  onInputChange={(_event, value, reason) => reason !== "reset" && setSearch(value)}
                  onChange={(_event, option) => {
                    if (option && isAdd(option)) setAdding(newContactValues(option.term));
                    else field.onChange(option);
                  }}
                  loading={ticket.searchingContacts}
                  loadingText={t("common:loading")}
                  noOptionsText={t("newTicket.typeToSearch")}
                  renderOption={(props, option) => {
                    const { key, ...rest } = props;
                    return (
                      <li key={key} {...rest}>
                        {isAdd(option)
                          ? t("newTicket.addContact", { name: option.term })
                          : contactLabel(option)}
                      </li>
                    );
                  }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t("newTicket.contact")}
                      placeholder={t("newTicket.contactPlaceholder")}
                      autoFocus
                      required
                      slotProps={{
                        ...params.slotProps,
                        input: {
                          ...params.slotProps.input,
                          endAdornment: (
                            <>
                              {ticket.searchingContacts && (
                                <CircularProgress color="inherit" size={18} />
                              )}
                              {params.slotProps.input.endAdornment}
                            </>
                          ),
                        },
                      }}
                    />
                  )}
                />
              )}
            />
            <Controller
              control={form.control}
              name="queueId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t("newTicket.queue")}
                  value={field.value}
                  onChange={(event) =>
                    field.onChange(event.target.value === "" ? "" : Number(event.target.value))
                  }
                  error={Boolean(fieldState.error)}
                  helperText={validationText(fieldState.error?.message)}
                >
                  {ticket.isAdmin && <MenuItem value="">{t("newTicket.noQueue")}</MenuItem>}
                  {ticket.queues.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id}>
                      {queue.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={form.control}
              name="whatsappId"
              render={({ field }) => (
                <TextField
                  select
                  label={t("newTicket.connection")}
                  error={ticket.unreachable}
                  helperText={ticket.unreachable ? t("newTicket.unreachable") : undefined}
                  value={field.value}
                  onChange={(event) =>
                    field.onChange(event.target.value === "" ? "" : Number(event.target.value))
                  }
                >
                  {ticket.connections.map((connection) => (
                    <MenuItem key={connection.id} value={connection.id}>
                      {connection.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={ticket.saving}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={!ticket.canSubmit}>
            {t("newTicket.ok")}
          </Button>
        </DialogActions>
      </form>
      <ContactFormDialog
        open={adding !== null}
        initialValues={adding ?? undefined}
        onClose={() => setAdding(null)}
        onSaved={(contact) => {
          form.setValue("contact", contact);
          setAdding(null);
        }}
      />
    </Dialog>
  );
}
