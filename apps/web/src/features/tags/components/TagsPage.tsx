import { useState } from "react";
import { RecordsPage } from "../../../components/RecordsPage";
import { useDeleteTag } from "../hooks/useDeleteTag";
import { useTagsPage } from "../hooks/useTagsPage";
import { TagDialog } from "./TagDialog";
import { TagsTable } from "./TagsTable";

/** /tags (admin-operator §2.8): search, add, table with edit/delete, infinite scroll. */
export function TagsPage() {
  const [search, setSearch] = useState("");
  const list = useTagsPage(search);
  return (
    <RecordsPage
      ns="tags"
      search={search}
      onSearch={setSearch}
      list={list}
      remove={useDeleteTag()}
      nameOf={(tag) => tag.name}
      table={(actions) => (
        <TagsTable
          tags={list.items}
          loading={list.loading}
          loadingMore={list.loadingMore}
          {...actions}
        />
      )}
      dialog={(tag, onClose) => <TagDialog tag={tag} onClose={onClose} />}
    />
  );
}
