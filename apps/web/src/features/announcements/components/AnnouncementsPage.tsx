import { useState } from "react";
import { RecordsPage } from "../../../components/RecordsPage";
import { useAuth } from "../../auth/hooks/useAuth";
import { useDeleteAnnouncement } from "../hooks/useAnnouncementMutations";
import { useAnnouncementsPage } from "../hooks/useAnnouncementsPage";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { AnnouncementsTable } from "./AnnouncementsTable";

/** /announcements (admin-operator §2.11): super users manage them; others read the active ones. */
export function AnnouncementsPage() {
  const manage = Boolean(useAuth().user?.super);
  const [search, setSearch] = useState("");
  const list = useAnnouncementsPage(search, manage);
  return (
    <RecordsPage
      ns="announcements"
      search={search}
      onSearch={setSearch}
      list={list}
      canAdd={manage}
      remove={useDeleteAnnouncement()}
      nameOf={(record) => record.title}
      table={(actions) => (
        <AnnouncementsTable
          records={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          manage={manage}
          {...actions}
        />
      )}
      dialog={(record, onClose) => <AnnouncementDialog record={record} onClose={onClose} />}
    />
  );
}
