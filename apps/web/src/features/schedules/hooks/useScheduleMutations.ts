import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { schedulesApi, type SchedulePayload, type ScheduleDTO } from "../api/schedulesApi";
import { removeSchedule, upsertSchedule } from "../api/schedulesCache";

interface SaveInput {
  id?: number;
  payload: SchedulePayload;
  file: File | null;
}

export function useSaveSchedule(onSaved: () => void) {
  const { t } = useTranslation("schedules");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, payload, file }: SaveInput) => {
      const saved = id
        ? await schedulesApi.update(id, payload)
        : await schedulesApi.create(payload);
      return file ? schedulesApi.upload(saved.id, file) : saved;
    },
    onSuccess: (saved) => {
      upsertSchedule(queryClient, saved);
      toast.success(t("saved"));
      onSaved();
    },
    onError: toastError,
  });
}

export function useRemoveScheduleFile(onRemoved: (schedule: ScheduleDTO) => void) {
  const { t } = useTranslation("attachments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => schedulesApi.removeFile(id),
    onSuccess: (saved) => {
      upsertSchedule(queryClient, saved);
      toast.success(t("deleted"));
      onRemoved(saved);
    },
    onError: (err) => {
      // eslint-disable-next-line no-console -- a file delete failure is only logged (§8)
      console.error("Schedule file delete failed", err);
    },
  });
}

export function useDeleteSchedule() {
  const { t } = useTranslation("schedules");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => schedulesApi.remove(id),
    onSuccess: (_data, id) => {
      removeSchedule(queryClient, id);
      toast.success(t("deleted"));
    },
    onError: toastError,
  });
}
