import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { useSettings } from "../../settings/hooks/useSettings";
import { queuesApi, queuesKeys, type QueueDTO } from "../api/queuesApi";
import { useDeleteQueue } from "../hooks/useQueueMutations";
import { QueueModal } from "./QueueModal";
import { QueuesTable } from "./QueuesTable";

type ModalState =
  { mode: "closed" } | { mode: "add" } | { mode: "edit"; queue: QueueDTO; created?: boolean };

/** /queues (admin-operator §2.7): add, table with edit/delete; kept current live. */
export function QueuesPage() {
  const { t } = useTranslation(["queues", "common"]);
  const query = useQuery({
    queryKey: queuesKeys.list(),
    queryFn: ({ signal }) => queuesApi.list(undefined, signal),
  });
  const queues = query.data ?? [];
  const withHours = useSettings().valueOf("scheduleType") === "queue";
  const [modal, setModal] = useState<ModalState>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<QueueDTO | null>(null);
  const remove = useDeleteQueue();

  return (
    <>
      <PageHeader title={t("title")}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setModal({ mode: "add" })}
        >
          {t("add")}
        </Button>
      </PageHeader>
      <Paper variant="outlined" sx={{ maxHeight: "calc(100vh - 170px)", overflow: "auto" }}>
        <QueuesTable
          queues={queues}
          loading={query.isPending}
          onEdit={(queue) => setModal({ mode: "edit", queue })}
          onDelete={setToDelete}
        />
        {!query.isPending && queues.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      {modal.mode !== "closed" && (
        <QueueModal
          key={modal.mode === "edit" ? modal.queue.id : "add"}
          queue={modal.mode === "edit" ? modal.queue : undefined}
          created={modal.mode === "edit" && modal.created}
          withHours={withHours}
          onClose={() => setModal({ mode: "closed" })}
          onCreated={(queue) => setModal({ mode: "edit", queue, created: true })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete?.name ?? "" })}
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
