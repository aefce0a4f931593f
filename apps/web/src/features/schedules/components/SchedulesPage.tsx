import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { SearchField } from "../../../components/SearchField";
import type { ScheduleDTO } from "../api/schedulesApi";
import { useContactFromQuery } from "../hooks/useContactFromQuery";
import { useDeleteSchedule } from "../hooks/useScheduleMutations";
import { useSchedulesPage } from "../hooks/useSchedulesPage";
import { ScheduleDialog } from "./ScheduleDialog";
import { SchedulesTable } from "./SchedulesTable";

type DialogState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; schedule: ScheduleDTO };

/** /schedules (admin-operator §2.10); ?contactId= opens the add dialog for that contact. */
export function SchedulesPage() {
  const { t } = useTranslation(["schedules", "common"]);
  const [search, setSearch] = useState("");
  const list = useSchedulesPage(search);
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<ScheduleDTO | null>(null);
  const remove = useDeleteSchedule();
  const [params, setParams] = useSearchParams();
  const queryContact = useContactFromQuery(params.get("contactId"));
  const closeQueryDialog = () => {
    params.delete("contactId");
    setParams(params, { replace: true });
  };

  return (
    <>
      <PageHeader title={t("title")}>
        <SearchField value={search} placeholder={t("searchPlaceholder")} onChange={setSearch} />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ mode: "add" })}
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
        <SchedulesTable
          schedules={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          onEdit={(schedule) => setDialog({ mode: "edit", schedule })}
          onDelete={setToDelete}
        />
        {!list.loading && list.items.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      {dialog.mode !== "closed" && (
        <ScheduleDialog
          key={dialog.mode === "edit" ? dialog.schedule.id : "add"}
          schedule={dialog.mode === "edit" ? dialog.schedule : undefined}
          onClose={() => setDialog({ mode: "closed" })}
        />
      )}
      {dialog.mode === "closed" && queryContact && (
        <ScheduleDialog
          key={`contact-${queryContact.id}`}
          contact={queryContact}
          onClose={closeQueryDialog}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete?.contact?.name ?? "" })}
        message={t("confirmDelete.message")}
        confirmLabel={t("common:actions.delete")}
        busy={remove.isPending}
        onConfirm={() =>
          toDelete && remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })
        }
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
