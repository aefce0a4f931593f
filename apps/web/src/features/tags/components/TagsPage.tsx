import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { SearchField } from "../../../components/SearchField";
import type { TagRowDTO } from "../api/tagsApi";
import { useDeleteTag } from "../hooks/useDeleteTag";
import { useTagsPage } from "../hooks/useTagsPage";
import { TagDialog } from "./TagDialog";
import { TagsTable } from "./TagsTable";

type DialogState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; tag: TagRowDTO };

/** /tags (admin-operator §2.8): search, add, table with edit/delete, infinite scroll. */
export function TagsPage() {
  const { t } = useTranslation(["tags", "common"]);
  const [search, setSearch] = useState("");
  const list = useTagsPage(search);
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<TagRowDTO | null>(null);
  const deleteTag = useDeleteTag();

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
        <TagsTable
          tags={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          onEdit={(tag) => setDialog({ mode: "edit", tag })}
          onDelete={setToDelete}
        />
        {!list.loading && list.items.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      {dialog.mode !== "closed" && (
        <TagDialog
          key={dialog.mode === "edit" ? dialog.tag.id : "add"}
          tag={dialog.mode === "edit" ? dialog.tag : undefined}
          onClose={() => setDialog({ mode: "closed" })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete?.name ?? "" })}
        message={t("confirmDelete.message")}
        confirmLabel={t("common:actions.delete")}
        busy={deleteTag.isPending}
        onConfirm={() =>
          toDelete && deleteTag.mutate(toDelete.id, { onSettled: () => setToDelete(null) })
        }
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
