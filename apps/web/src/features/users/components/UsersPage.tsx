import { can, type UserDTO } from "@atrium/shared";
import PersonAddAlt1OutlinedIcon from "@mui/icons-material/PersonAddAlt1Outlined";
import SearchIcon from "@mui/icons-material/Search";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { PageHeader } from "../../../components/PageHeader";
import { useAuth } from "../../auth/hooks/useAuth";
import { useDeleteUser } from "../hooks/useDeleteUser";
import { useUsersList } from "../hooks/useUsersList";
import { UserModal } from "./UserModal";
import { UsersTable } from "./UsersTable";

type ModalState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; userId: number };

/** /users (admin-operator §2.6): search, add, table with edit/delete, infinite scroll. */
export function UsersPage() {
  const { t } = useTranslation(["users", "common"]);
  const { user: me } = useAuth();
  const allowed = can(me, "users:manage");
  const [search, setSearch] = useState("");
  const list = useUsersList(search, allowed);
  const [modal, setModal] = useState<ModalState>({ mode: "closed" });
  const [toDelete, setToDelete] = useState<UserDTO | null>(null);
  const deleteUser = useDeleteUser();

  if (!allowed) {
    return (
      <>
        <PageHeader title={t("title")} />
        <Paper variant="outlined">
          <EmptyState message={t("noPermission")} />
        </Paper>
      </>
    );
  }

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteUser.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
  };

  return (
    <>
      <PageHeader title={t("title")}>
        <TextField
          type="search"
          placeholder={t("searchPlaceholder")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { "aria-label": t("common:actions.search") },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon color="action" />
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={() => setModal({ mode: "add" })}
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
        <UsersTable
          users={list.users}
          loading={list.loading}
          loadingMore={list.loadingMore}
          onEdit={(user) => setModal({ mode: "edit", userId: user.id })}
          onDelete={setToDelete}
        />
        {!list.loading && list.users.length === 0 && <EmptyState message={t("empty")} />}
      </Paper>
      {modal.mode !== "closed" && (
        <UserModal
          key={modal.mode === "edit" ? modal.userId : "add"}
          open
          userId={modal.mode === "edit" ? modal.userId : undefined}
          onClose={() => setModal({ mode: "closed" })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title={t("confirmDelete.title", { name: toDelete?.name ?? "" })}
        message={t("confirmDelete.message")}
        confirmLabel={t("common:actions.delete")}
        busy={deleteUser.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
