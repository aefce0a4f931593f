import {
  emptyWorkingHours,
  FORM_SUBMIT_DELAY_MS,
  queueSchema,
  type WorkingHoursEntry,
} from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type { QueueDTO } from "../api/queuesApi";
import { useRemoveQueueFile, useSaveQueue } from "./useQueueMutations";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface QueueFormValues {
  name: string;
  color: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: WorkingHoursEntry[];
}

function initialValues(queue?: QueueDTO): QueueFormValues {
  return {
    name: queue?.name ?? "",
    color: queue?.color ?? "",
    greetingMessage: queue?.greetingMessage ?? "",
    outOfHoursMessage: queue?.outOfHoursMessage ?? "",
    schedules: queue?.schedules?.length === 7 ? queue.schedules : emptyWorkingHours(),
  };
}

/** The queue modal (admin-operator §2.7, §5): working hours only with scheduleType queue. */
export function useQueueForm(options: {
  queue?: QueueDTO;
  withHours: boolean;
  onSaved(queue: QueueDTO, created: boolean): void;
}) {
  const { queue, withHours, onSaved } = options;
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState(queue?.file ?? null);
  const save = useSaveQueue(onSaved);
  const removeFile = useRemoveQueueFile((saved) => setStored(saved.file));
  const form = useForm<QueueFormValues>({
    resolver: zodResolver(queueSchema) as unknown as Resolver<QueueFormValues>,
    defaultValues: initialValues(queue),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await delay(FORM_SUBMIT_DELAY_MS);
    const payload = {
      name: values.name,
      color: values.color,
      greetingMessage: values.greetingMessage,
      outOfHoursMessage: values.outOfHoursMessage,
      ...(withHours && { schedules: values.schedules }),
    };
    await save.mutateAsync({ id: queue?.id, payload, file }).catch(() => undefined);
  });

  return {
    form,
    onSubmit,
    saving: form.formState.isSubmitting,
    file,
    setFile,
    stored,
    removeFile: queue ? () => removeFile.mutate(queue.id) : undefined,
    removingFile: removeFile.isPending,
  };
}
