import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usePagedList } from "../../../hooks/usePagedList";
import {
  announcementsApi,
  announcementsKeys,
  type AnnouncementDTO,
  type AnnouncementReaction,
} from "../api/announcementsApi";
import { upsertAnnouncement } from "../api/announcementsCache";

/** The active announcements every user reads (top-bar popover), kept live by the event table. */
export function useActiveAnnouncements() {
  return usePagedList<AnnouncementDTO>({
    queryKey: announcementsKeys.page(false, ""),
    fetchPage: (pageNumber, signal) => announcementsApi.page("", false, pageNumber, signal),
  });
}

/** Marking as viewed and reacting answer with the record and the reader's own state. */
export function useAnnouncementReader() {
  const queryClient = useQueryClient();
  const onSuccess = (record: AnnouncementDTO) => upsertAnnouncement(queryClient, record);
  const view = useMutation({ mutationFn: (id: number) => announcementsApi.view(id), onSuccess });
  const react = useMutation({
    mutationFn: ({ id, reaction }: { id: number; reaction: AnnouncementReaction }) =>
      announcementsApi.react(id, reaction),
    onSuccess,
  });
  return { view: view.mutate, react: react.mutate };
}
