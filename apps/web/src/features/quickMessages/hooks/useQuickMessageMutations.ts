import { FORM_SUBMIT_DELAY_MS } from "@atrium/shared";
import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { removeFromPages, searchOfKey, upsertInPages } from "../../../api/pagedCache";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import {
  quickMessagesApi,
  quickMessagesKeys,
  type QuickMessagePayload,
  type QuickMessageRecord,
} from "../api/quickMessagesApi";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function upsert(queryClient: QueryClient, record: QuickMessageRecord) {
  const text = `${record.shortcode} ${record.message}`.toLowerCase();
  upsertInPages(queryClient, quickMessagesKeys.pages(), record, (key) =>
    text.includes(searchOfKey(key)),
  );
  // The composer's '/' list reloads next time it is needed.
  void queryClient.invalidateQueries({ queryKey: quickMessagesKeys.list() });
}

interface SaveInput {
  id?: number;
  payload: QuickMessagePayload;
  file: File | null;
}

/** Create/update then the file upload; errors show the server's raw text (§8). */
export function useSaveQuickMessage(onSaved: () => void) {
  const { t } = useTranslation("quickMessages");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, payload, file }: SaveInput) => {
      await delay(FORM_SUBMIT_DELAY_MS);
      const saved = id
        ? await quickMessagesApi.update(id, payload)
        : await quickMessagesApi.create(payload);
      return file ? quickMessagesApi.upload(saved.id, file) : saved;
    },
    onSuccess: (saved, { id }) => {
      upsert(queryClient, saved);
      toast.success(t(id ? "updated" : "added"));
      onSaved();
    },
    onError: toastError,
  });
}

export function useRemoveQuickMessageFile(onRemoved: (record: QuickMessageRecord) => void) {
  const { t } = useTranslation("attachments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => quickMessagesApi.removeFile(id),
    onSuccess: (saved) => {
      upsert(queryClient, saved);
      toast.success(t("deleted"));
      onRemoved(saved);
    },
    onError: toastError,
  });
}

export function useDeleteQuickMessage() {
  const { t } = useTranslation("quickMessages");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => quickMessagesApi.remove(id),
    onSuccess: (_data, id) => {
      removeFromPages(queryClient, quickMessagesKeys.pages(), id);
      void queryClient.invalidateQueries({ queryKey: quickMessagesKeys.list() });
      toast.success(t("deleted"));
    },
    onError: toastError,
  });
}
