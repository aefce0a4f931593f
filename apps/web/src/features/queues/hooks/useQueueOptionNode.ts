import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import {
  queueOptionsApi,
  queueOptionsKeys,
  type QueueOptionDTO,
  type QueueOptionFields,
} from "../api/queueOptionsApi";

const fieldsOf = (option?: QueueOptionDTO): QueueOptionFields => ({
  title: option?.title ?? "",
  message: option?.message ?? "",
  fileType: option?.fileType ?? "",
  finalize: option?.finalize ?? false,
  waitTreatment: option?.waitTreatment ?? false,
});

/** One node of the options tree: its draft, save (new ones take the answer's id) and delete. */
export function useQueueOptionNode(options: {
  queueId: number;
  parentId: number | null;
  option?: QueueOptionDTO;
  onDone(): void;
}) {
  const { queueId, parentId, option, onDone } = options;
  const { t } = useTranslation("queues");
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(fieldsOf(option));
  const [file, setFile] = useState<File | null>(null);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: queueOptionsKeys.queue(queueId) });

  const save = useMutation({
    mutationFn: () => queueOptionsApi.save(option?.id, { ...fields, queueId, parentId }, file),
    onSuccess: () => {
      toast.success(t("options.saved"));
      void refresh();
      onDone();
    },
    onError: toastError,
  });
  const remove = useMutation({
    mutationFn: () => (option ? queueOptionsApi.remove(option.id) : Promise.resolve()),
    onSuccess: () => {
      void refresh();
      onDone();
    },
    onError: toastError,
  });
  const removeFile = useMutation({
    mutationFn: () => queueOptionsApi.removeFile(option?.id ?? 0),
    onSuccess: () => void refresh(),
    onError: toastError,
  });

  return {
    fields,
    setField: <K extends keyof QueueOptionFields>(key: K, value: QueueOptionFields[K]) =>
      setFields((old) => ({ ...old, [key]: value })),
    file,
    setFile,
    save,
    remove,
    removeFile,
  };
}
