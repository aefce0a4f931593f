import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { SearchField } from "../../../components/SearchField";
import type { QuickMessageRecord } from "../api/quickMessagesApi";
import { useDeleteQuickMessage } from "../hooks/useQuickMessageMutations";
import { useQuickMessagesPage } from "../hooks/useQuickMessagesPage";
import { QuickMessageDialog } from "./QuickMessageDialog";
import { QuickMessagesTable } from "./QuickMessagesTable";

type DialogState =
  { mode: "closed" } | { mode: "add" } | { mode: "edit"; record: QuickMessageRecord };

/** /quick-messages (admin-operator §2.9). */
export function QuickMessagesPage() {
  const { t } = useTranslation(["quickMessages", "common"]);
  const [search, setSearch] = useState("");
  const list = useQuickMessagesPage(search);
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<QuickMessageRecord | null>(null);
  const remove = useDeleteQuickMessage();

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
        <QuickMessagesTable
          records={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          onEdit={(record) => setDialog({ mode: "edit", record })}
          onDelete={setToDelete}
        />
        {!list.loading && list.items.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      {dialog.mode !== "closed" && (
        <QuickMessageDialog
          key={dialog.mode === "edit" ? dialog.record.id : "add"}
          record={dialog.mode === "edit" ? dialog.record : undefined}
          onClose={() => setDialog({ mode: "closed" })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete?.shortcode ?? "" })}
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
