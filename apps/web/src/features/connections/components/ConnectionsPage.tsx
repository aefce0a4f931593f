import { can } from "@atrium/shared";
import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { useAuth } from "../../auth/hooks/useAuth";
import type { ConnectionDTO } from "../api/connectionsApi";
import { useDeleteConnection, useSessionCommand } from "../hooks/useConnectionMutations";
import { useConnections } from "../hooks/useConnections";
import { ConnectionDialog } from "./ConnectionDialog";
import { ConnectionsTable } from "./ConnectionsTable";
import { QrCodeDialog } from "./QrCodeDialog";

interface DialogState {
  open: boolean;
  connectionId?: number;
}

/** /connections (agent-core §2 "Connections page"): every connection of the company. */
export function ConnectionsPage() {
  const { t } = useTranslation(["connections", "common"]);
  const { user } = useAuth();
  const list = useConnections();
  const connections = list.data ?? [];
  const deleteConnection = useDeleteConnection();
  const session = useSessionCommand();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<ConnectionDTO | null>(null);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const editing = connections.find((c) => c.id === dialog.connectionId);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteConnection.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
  };

  return (
    <>
      <PageHeader title={t("title")}>
        {can(user, "connections-page:addConnection") && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ open: true })}
          >
            {t("add")}
          </Button>
        )}
      </PageHeader>
      <Paper variant="outlined" sx={{ overflow: "auto", maxHeight: "calc(100vh - 170px)" }}>
        <ConnectionsTable
          connections={connections}
          loading={list.isPending}
          busyId={session.isPending ? (session.variables?.id ?? null) : null}
          onCommand={(connection, command) => session.mutate({ id: connection.id, command })}
          onShowQr={(connection) => setQrFor(connection.id)}
          onEdit={(connection) => setDialog({ open: true, connectionId: connection.id })}
          onDelete={setToDelete}
        />
        {!list.isPending && connections.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      <ConnectionDialog
        open={dialog.open}
        connection={editing}
        onClose={() => setDialog((state) => ({ ...state, open: false }))}
      />
      <QrCodeDialog
        connection={connections.find((c) => c.id === qrFor)}
        onClose={() => setQrFor(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete?.name ?? "" })}
        message={t("confirmDelete.message")}
        confirmLabel={t("common:actions.delete")}
        busy={deleteConnection.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
