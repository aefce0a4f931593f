import AddIcon from "@mui/icons-material/Add";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { Fragment, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { usePagedList } from "../hooks/usePagedList";
import { ConfirmDialog } from "./ConfirmDialog";
import { EmptyState } from "./EmptyState";
import { PageHeader } from "./PageHeader";
import { SearchField } from "./SearchField";

interface RecordsPageProps<T extends { id: number }> {
  /** Namespace holding title, searchPlaceholder, add, empty and confirmDelete.{title,message}. */
  ns: string;
  /** Where those keys sit inside the namespace (e.g. "items."); default: at its top. */
  keyPrefix?: string;
  /** The screen's title when it is not a fixed text (a record's name). */
  title?: string;
  /** More header controls, between the search and the add button (filters, imports). */
  headerActions?: ReactNode;
  search: string;
  onSearch(value: string): void;
  list: ReturnType<typeof usePagedList<T>>;
  /** Whether the 'add' button shows (default: yes). */
  canAdd?: boolean;
  remove: {
    mutate(id: number, options: { onSettled(): void }): void;
    isPending: boolean;
  };
  /** The record's name in the delete confirmation. */
  nameOf(record: T): string;
  table(actions: { onEdit(record: T): void; onDelete(record: T): void }): ReactNode;
  /** The add (record undefined) / edit dialog. */
  dialog(record: T | undefined, onClose: () => void): ReactNode;
  /** More dialogs of the page (shown while none of its own is open). */
  children?: ReactNode;
}

type DialogState<T> = { mode: "closed" } | { mode: "add" } | { mode: "edit"; record: T };

/**
 * A searchable, infinitely scrolled list screen with add, edit and confirmed delete: tags,
 * quick messages, schedules, announcements.
 */
export function RecordsPage<T extends { id: number }>(props: RecordsPageProps<T>) {
  const { ns, list, remove } = props;
  const { t: translate } = useTranslation([ns, "common"]);
  const t = (key: string, options?: Record<string, unknown>) =>
    key.includes(":")
      ? translate(key, options)
      : translate(`${props.keyPrefix ?? ""}${key}`, options);
  const [dialog, setDialog] = useState<DialogState<T>>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<T | null>(null);

  return (
    <>
      <PageHeader title={props.title ?? t("title")}>
        <SearchField
          value={props.search}
          placeholder={t("searchPlaceholder")}
          onChange={props.onSearch}
        />
        {props.headerActions}
        {(props.canAdd ?? true) && (
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
        {props.table({
          onEdit: (record) => setDialog({ mode: "edit", record }),
          onDelete: setToDelete,
        })}
        {!list.loading && list.items.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      {/* Keyed by record: a fresh form per record. */}
      {dialog.mode !== "closed" && (
        <Fragment key={dialog.mode === "edit" ? dialog.record.id : "add"}>
          {props.dialog(dialog.mode === "edit" ? dialog.record : undefined, () =>
            setDialog({ mode: "closed" }),
          )}
        </Fragment>
      )}
      {dialog.mode === "closed" && props.children}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete ? props.nameOf(toDelete) : "" })}
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
