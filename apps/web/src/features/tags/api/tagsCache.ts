import type { QueryClient } from "@tanstack/react-query";
import { removeFromPages, searchOfKey, upsertInPages } from "../../../api/pagedCache";
import type { TagDTO } from "../../tickets/api/ticketTypes";
import { tagsKeys, type TagRowDTO } from "./tagsApi";

const byName = (a: TagDTO, b: TagDTO) => a.name.localeCompare(b.name);

/** A created or updated tag: the /tags lists (matching searches) and the pickers' list. */
export function upsertTag(queryClient: QueryClient, tag: TagRowDTO): void {
  upsertInPages(queryClient, tagsKeys.pages(), tag, (key) =>
    tag.name.toLowerCase().includes(searchOfKey(key)),
  );
  queryClient.setQueryData<TagDTO[]>(tagsKeys.list(), (old) => {
    if (!old) return old;
    const rest = old.filter((t) => t.id !== tag.id);
    return [...rest, { id: tag.id, name: tag.name, color: tag.color }].sort(byName);
  });
}

export function removeTag(queryClient: QueryClient, tagId: number): void {
  removeFromPages(queryClient, tagsKeys.pages(), tagId);
  queryClient.setQueryData<TagDTO[]>(tagsKeys.list(), (old) => old?.filter((t) => t.id !== tagId));
}

/** company-{id}-tag: create/update replaces or adds, delete removes. */
export function applyTagEvent(queryClient: QueryClient, payload: Record<string, unknown>): void {
  if (payload.action === "delete") {
    const id = Number(payload.tagId);
    if (id) removeTag(queryClient, id);
    return;
  }
  const tag = payload.tag as TagRowDTO | undefined;
  if ((payload.action === "create" || payload.action === "update") && tag?.id) {
    upsertTag(queryClient, { ...tag, contactsCount: tag.contactsCount ?? 0 });
  }
}
