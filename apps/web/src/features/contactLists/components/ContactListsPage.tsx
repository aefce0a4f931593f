import { useState } from "react";
import { RecordsPage } from "../../../components/RecordsPage";
import { useContactListsPage, useDeleteContactList } from "../hooks/useContactLists";
import { ContactListDialog } from "./ContactListDialog";
import { ContactListsTable } from "./ContactListsTable";

/** /contact-lists (agent-core §2 admin group, issue #15): the lists the campaigns send to. */
export function ContactListsPage() {
  const [search, setSearch] = useState("");
  const list = useContactListsPage(search);
  return (
    <RecordsPage
      ns="campaigns"
      keyPrefix="contactLists."
      search={search}
      onSearch={setSearch}
      list={list}
      remove={useDeleteContactList()}
      nameOf={(record) => record.name}
      table={(actions) => (
        <ContactListsTable
          lists={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          {...actions}
        />
      )}
      dialog={(record, onClose) => <ContactListDialog list={record} onClose={onClose} />}
    />
  );
}
