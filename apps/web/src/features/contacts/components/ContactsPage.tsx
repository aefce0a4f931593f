import { can } from "@atrium/shared";
import PersonAddAlt1OutlinedIcon from "@mui/icons-material/PersonAddAlt1Outlined";
import SearchIcon from "@mui/icons-material/Search";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { useAuth } from "../../auth/hooks/useAuth";
import type { ContactDTO } from "../api/contactsApi";
import { useContactsList } from "../hooks/useContactsList";
import { useDeleteContact } from "../hooks/useDeleteContact";
import { ContactDrawer } from "./ContactDrawer";
import { ContactsTransferButtons } from "./ContactsTransferButtons";
import { ContactFormDialog } from "./ContactFormDialog";
import { ContactsTable } from "./ContactsTable";

/** The form keeps its contact while closing, so the title does not flip during the fade. */
interface FormState {
  open: boolean;
  contactId?: number;
}

/** /contacts: search, add, table with edit/delete, infinite scroll, the contact drawer. */
export function ContactsPage() {
  const { t } = useTranslation(["contacts", "common"]);
  const { user: me } = useAuth();
  const [search, setSearch] = useState("");
  const list = useContactsList(search);
  const [formState, setFormState] = useState<FormState>({ open: false });
  const [opened, setOpened] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ContactDTO | null>(null);
  const deleteContact = useDeleteContact();

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteContact.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
  };

  return (
    <>
      <PageHeader title={t("title")}>
        <TextField
          type="search"
          placeholder={t("searchPlaceholder")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { "aria-label": t("common:actions.search") },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon color="action" />
                </InputAdornment>
              ),
            },
          }}
        />
        {can(me, "contacts-page:importExport") && <ContactsTransferButtons />}
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={() => setFormState({ open: true })}
        >
          {t("add")}
        </Button>
      </PageHeader>
      <Paper
        variant="outlined"
        ref={list.scrollRef}
        onScroll={list.onScroll}
        sx={{ maxHeight: "calc(100vh - 170px)", overflow: "auto" }}
      >
        <ContactsTable
          contacts={list.contacts}
          loading={list.loading}
          loadingMore={list.loadingMore}
          canDelete={can(me, "contacts-page:deleteContact")}
          onOpen={(contact) => setOpened(contact.id)}
          onEdit={(contact) => setFormState({ open: true, contactId: contact.id })}
          onDelete={setToDelete}
        />
        {!list.loading && list.contacts.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      <ContactFormDialog
        open={formState.open}
        contactId={formState.contactId}
        onClose={() => setFormState((state) => ({ ...state, open: false }))}
        onSaved={() => undefined}
      />
      {opened !== null && <ContactDrawer open contactId={opened} onClose={() => setOpened(null)} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete?.name ?? "" })}
        message={t("confirmDelete.message")}
        confirmLabel={t("common:actions.delete")}
        busy={deleteContact.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
