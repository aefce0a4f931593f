import { FORM_SUBMIT_DELAY_MS } from "@atrium/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import {
  announcementsApi,
  type AnnouncementDTO,
  type AnnouncementPayload,
} from "../api/announcementsApi";
import { removeAnnouncement, upsertAnnouncement } from "../api/announcementsCache";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SaveInput {
  id?: number;
  payload: AnnouncementPayload;
  file: File | null;
}

export function useSaveAnnouncement(onSaved: () => void) {
  const { t } = useTranslation("announcements");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, payload, file }: SaveInput) => {
      await delay(FORM_SUBMIT_DELAY_MS);
      const saved = id
        ? await announcementsApi.update(id, payload)
        : await announcementsApi.create(payload);
      return file ? announcementsApi.upload(saved.id, file) : saved;
    },
    onSuccess: (saved, { id }) => {
      upsertAnnouncement(queryClient, saved);
      toast.success(t(id ? "updated" : "added"));
      onSaved();
    },
    onError: toastError,
  });
}

export function useRemoveAnnouncementMedia(onRemoved: (record: AnnouncementDTO) => void) {
  const { t } = useTranslation("attachments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => announcementsApi.removeMedia(id),
    onSuccess: (saved) => {
      upsertAnnouncement(queryClient, saved);
      toast.success(t("deleted"));
      onRemoved(saved);
    },
    onError: toastError,
  });
}

export function useDeleteAnnouncement() {
  const { t } = useTranslation("announcements");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => announcementsApi.remove(id),
    onSuccess: (_data, id) => {
      removeAnnouncement(queryClient, id);
      toast.success(t("deleted"));
    },
    onError: toastError,
  });
}
