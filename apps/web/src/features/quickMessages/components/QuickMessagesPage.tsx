import { useState } from "react";
import { RecordsPage } from "../../../components/RecordsPage";
import { useDeleteQuickMessage } from "../hooks/useQuickMessageMutations";
import { useQuickMessagesPage } from "../hooks/useQuickMessagesPage";
import { QuickMessageDialog } from "./QuickMessageDialog";
import { QuickMessagesTable } from "./QuickMessagesTable";

/** /quick-messages (admin-operator §2.9). */
export function QuickMessagesPage() {
  const [search, setSearch] = useState("");
  const list = useQuickMessagesPage(search);
  return (
    <RecordsPage
      ns="quickMessages"
      search={search}
      onSearch={setSearch}
      list={list}
      remove={useDeleteQuickMessage()}
      nameOf={(record) => record.shortcode}
      table={(actions) => (
        <QuickMessagesTable
          records={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          {...actions}
        />
      )}
      dialog={(record, onClose) => <QuickMessageDialog record={record} onClose={onClose} />}
    />
  );
}
