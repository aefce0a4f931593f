import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { queuesApi, type QueueDTO, type QueuePayload } from "../api/queuesApi";
import { removeQueue, upsertQueue } from "../api/queuesCache";

interface SaveInput {
  id?: number;
  payload: QueuePayload;
  file: File | null;
}

/** Create/update then the file; ERR_QUEUE_COLOR_ALREADY_EXISTS and others via toastError. */
export function useSaveQueue(onSaved: (queue: QueueDTO, created: boolean) => void) {
  const { t } = useTranslation("queues");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, payload, file }: SaveInput) => {
      const saved = id ? await queuesApi.update(id, payload) : await queuesApi.create(payload);
      return file ? queuesApi.upload(saved.id, file) : saved;
    },
    onSuccess: (saved, { id }) => {
      upsertQueue(queryClient, saved);
      toast.success(t(id ? "updated" : "created"));
      onSaved(saved, !id);
    },
    onError: toastError,
  });
}

export function useRemoveQueueFile(onRemoved: (queue: QueueDTO) => void) {
  const { t } = useTranslation("attachments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => queuesApi.removeFile(id),
    onSuccess: (saved) => {
      upsertQueue(queryClient, saved);
      toast.success(t("deleted"));
      onRemoved(saved);
    },
    onError: (err) => {
      // eslint-disable-next-line no-console -- a queue file delete failure is only logged (§8)
      console.error("Queue file delete failed", err);
    },
  });
}

export function useDeleteQueue() {
  const { t } = useTranslation("queues");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => queuesApi.remove(id),
    onSuccess: (_data, id) => {
      removeQueue(queryClient, id);
      toast.success(t("deleted"));
    },
    onError: toastError,
  });
}
