import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { SearchField } from "../../../components/SearchField";
import { useAuth } from "../../auth/hooks/useAuth";
import type { AnnouncementDTO } from "../api/announcementsApi";
import { useDeleteAnnouncement } from "../hooks/useAnnouncementMutations";
import { useAnnouncementsPage } from "../hooks/useAnnouncementsPage";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { AnnouncementsTable } from "./AnnouncementsTable";

type DialogState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; record: AnnouncementDTO };

/** /announcements (admin-operator §2.11): super users manage them; others read the active ones. */
export function AnnouncementsPage() {
  const { t } = useTranslation(["announcements", "common"]);
  const manage = Boolean(useAuth().user?.super);
  const [search, setSearch] = useState("");
  const list = useAnnouncementsPage(search, manage);
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<AnnouncementDTO | null>(null);
  const remove = useDeleteAnnouncement();

  return (
    <>
      <PageHeader title={t("title")}>
        <SearchField value={search} placeholder={t("searchPlaceholder")} onChange={setSearch} />
        {manage && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ mode: "add" })}
          >
            {t("add")}
          </Button>
        )}
      </PageHeader>
      <Paper
        variant="outlined"
        ref={list.scrollRef}
        onScroll={list.onScroll}
        sx={{ maxHeight: "calc(100vh - 170px)", overflow: "auto" }}
      >
        <AnnouncementsTable
          records={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          manage={manage}
          onEdit={(record) => setDialog({ mode: "edit", record })}
          onDelete={setToDelete}
        />
        {!list.loading && list.items.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      {dialog.mode !== "closed" && (
        <AnnouncementDialog
          key={dialog.mode === "edit" ? dialog.record.id : "add"}
          record={dialog.mode === "edit" ? dialog.record : undefined}
          onClose={() => setDialog({ mode: "closed" })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete?.title ?? "" })}
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
