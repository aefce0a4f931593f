import type { QueryClient } from "@tanstack/react-query";
import { removeFromPages, searchOfKey, upsertInPages } from "../../../api/pagedCache";
import { announcementsKeys, type AnnouncementDTO } from "./announcementsApi";

/** Lists of every status take it; lists of active ones only while it is active. */
export function upsertAnnouncement(queryClient: QueryClient, record: AnnouncementDTO): void {
  const text = `${record.title} ${record.text}`.toLowerCase();
  upsertInPages(
    queryClient,
    announcementsKeys.pages(),
    record,
    (key) => (record.status || key[2] === "all") && text.includes(searchOfKey(key)),
  );
  if (!record.status) {
    for (const [key] of queryClient.getQueriesData({ queryKey: announcementsKeys.pages() })) {
      if (key[2] !== "all") removeFromPages(queryClient, key, record.id);
    }
  }
}

export function removeAnnouncement(queryClient: QueryClient, id: number): void {
  removeFromPages(queryClient, announcementsKeys.pages(), id);
}

/** company-announcement: create/update replaces or adds (inactive ones leave active lists). */
export function applyAnnouncementEvent(
  queryClient: QueryClient,
  payload: Record<string, unknown>,
): void {
  if (payload.action === "delete") {
    const id = Number(payload.id);
    if (id) removeAnnouncement(queryClient, id);
    return;
  }
  const record = payload.record as AnnouncementDTO | undefined;
  if ((payload.action === "create" || payload.action === "update") && record?.id) {
    upsertAnnouncement(queryClient, record);
  }
}
