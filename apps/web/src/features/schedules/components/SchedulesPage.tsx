import { useState } from "react";
import { useSearchParams } from "react-router";
import { RecordsPage } from "../../../components/RecordsPage";
import { useContactFromQuery } from "../hooks/useContactFromQuery";
import { useDeleteSchedule } from "../hooks/useScheduleMutations";
import { useSchedulesPage } from "../hooks/useSchedulesPage";
import { ScheduleDialog } from "./ScheduleDialog";
import { SchedulesTable } from "./SchedulesTable";

/** /schedules (admin-operator §2.10); ?contactId= opens the add dialog for that contact. */
export function SchedulesPage() {
  const [search, setSearch] = useState("");
  const list = useSchedulesPage(search);
  const [params, setParams] = useSearchParams();
  const queryContact = useContactFromQuery(params.get("contactId"));
  const closeQueryDialog = () => {
    params.delete("contactId");
    setParams(params, { replace: true });
  };

  return (
    <RecordsPage
      ns="schedules"
      search={search}
      onSearch={setSearch}
      list={list}
      remove={useDeleteSchedule()}
      nameOf={(schedule) => schedule.contact?.name ?? ""}
      table={(actions) => (
        <SchedulesTable
          schedules={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          {...actions}
        />
      )}
      dialog={(schedule, onClose) => <ScheduleDialog schedule={schedule} onClose={onClose} />}
    >
      {queryContact && (
        <ScheduleDialog
          key={`contact-${queryContact.id}`}
          contact={queryContact}
          onClose={closeQueryDialog}
        />
      )}
    </RecordsPage>
  );
}
