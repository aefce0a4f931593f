import { useState } from "react";
import { useParams } from "react-router";
import { RecordsPage } from "../../../components/RecordsPage";
import { useContactList } from "../hooks/useContactLists";
import { useContactListItemsPage, useDeleteContactListItem } from "../hooks/useContactListItems";
import { ContactListItemDialog } from "./ContactListItemDialog";
import { ContactListItemsTable } from "./ContactListItemsTable";
import { ContactListTransferButtons } from "./ContactListTransferButtons";

/** /contact-lists/:id: the list's contacts, import, template and the WhatsApp check. */
export function ContactListItemsPage() {
  const contactListId = Number(useParams().id);
  const [search, setSearch] = useState("");
  const contactList = useContactList(contactListId);
  const list = useContactListItemsPage(contactListId, search);
  return (
    <RecordsPage
      ns="campaigns"
      keyPrefix="items."
      title={contactList.data?.name ?? ""}
      search={search}
      onSearch={setSearch}
      list={list}
      headerActions={<ContactListTransferButtons contactListId={contactListId} />}
      remove={useDeleteContactListItem(contactListId)}
      nameOf={(item) => item.name}
      table={(actions) => (
        <ContactListItemsTable
          items={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          {...actions}
        />
      )}
      dialog={(item, onClose) => (
        <ContactListItemDialog contactListId={contactListId} item={item} onClose={onClose} />
      )}
    />
  );
}
