import { useDebouncedValue } from "../../../hooks/useDebouncedValue";
import { usePagedList } from "../../../hooks/usePagedList";
import { announcementsApi, announcementsKeys, type AnnouncementDTO } from "../api/announcementsApi";

/** Super users see every status (all=true); others the active announcements. */
export function useAnnouncementsPage(search: string, all: boolean) {
  const searchParam = useDebouncedValue(search.trim());
  return usePagedList<AnnouncementDTO>({
    queryKey: announcementsKeys.page(all, searchParam),
    fetchPage: (pageNumber, signal) => announcementsApi.page(searchParam, all, pageNumber, signal),
  });
}
