import { scheduleCreateSchema, scheduleSchema, type MessageType } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import type { ScheduleDTO } from "../api/schedulesApi";
import { defaultSendAt, toLocalInput } from "../lib/scheduleRules";
import { useRemoveScheduleFile, useSaveSchedule } from "./useScheduleMutations";

export interface ContactOption {
  id: number;
  name: string;
}

export interface ScheduleFormValues {
  contact: ContactOption | null;
  contactId: number | null;
  body: string;
  sendAt: string;
  messageType: MessageType;
  openTicket: boolean;
  queueId: number | "";
}

function initialValues(schedule?: ScheduleDTO, contact?: ContactOption): ScheduleFormValues {
  const chosen = schedule?.contact ?? contact ?? null;
  return {
    contact: chosen ? { id: chosen.id, name: chosen.name } : null,
    contactId: chosen?.id ?? null,
    body: schedule?.body ?? "",
    sendAt: schedule ? toLocalInput(new Date(schedule.sendAt)) : defaultSendAt(),
    messageType: schedule?.messageType ?? "MESSAGE",
    openTicket: schedule?.openTicket ?? false,
    queueId: schedule?.queueId ?? "",
  };
}

/** The schedule dialog (agent-core §2, §5): contactId and sendAt 'Obrigatório', future on create. */
export function useScheduleForm(options: {
  schedule?: ScheduleDTO;
  contact?: ContactOption;
  onClose(): void;
}) {
  const { schedule, contact, onClose } = options;
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState(schedule?.file ?? null);
  const save = useSaveSchedule(onClose);
  const removeFile = useRemoveScheduleFile((saved) => setStored(saved.file));
  const form = useForm<ScheduleFormValues>({
    resolver: zodResolver(
      schedule ? scheduleSchema : scheduleCreateSchema,
    ) as unknown as Resolver<ScheduleFormValues>,
    defaultValues: initialValues(schedule, contact),
  });

  const onSubmit = form.handleSubmit(async (raw) => {
    const values = form.getValues();
    const sendAt = new Date((raw as { sendAt: string | Date }).sendAt).toISOString();
    const payload = {
      contactId: Number(values.contactId),
      body: values.body,
      sendAt,
      openTicket: values.openTicket,
      queueId: values.queueId === "" ? null : Number(values.queueId),
      messageType: values.messageType,
    };
    await save.mutateAsync({ id: schedule?.id, payload, file }).catch(() => undefined);
  });

  return {
    form,
    onSubmit,
    saving: form.formState.isSubmitting,
    file,
    setFile,
    stored,
    removeFile: schedule ? () => removeFile.mutate(schedule.id) : undefined,
    removingFile: removeFile.isPending,
  };
}
