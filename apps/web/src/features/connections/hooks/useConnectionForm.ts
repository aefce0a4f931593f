import { connectionSchema, FORM_SUBMIT_DELAY_MS } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm, type FieldPath, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/ApiError";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { connectionsApi, type ConnectionDTO } from "../api/connectionsApi";
import { upsertConnection } from "../api/connectionsCache";
import {
  connectionToFormValues,
  EMPTY_CONNECTION_FORM,
  formValuesToPayload,
  type ConnectionFormValues,
} from "./connectionFormValues";

const META_FIELD_PATHS = [
  "config.pageId",
  "config.instagramAccountId",
  "config.phoneNumberId",
  "config.wabaId",
  "config.accessToken",
];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Options {
  open: boolean;
  connection?: ConnectionDTO;
  onClose(): void;
}

/**
 * The add/edit connection dialog (agent-core §2, §5): shared connectionSchema, submit after
 * 400 ms, then the chosen file is uploaded; server errors (ERR_NO_OTHER_WHATSAPP,
 * ERR_WAPP_GREETING_REQUIRED …) show through the shared error toast.
 */
export function useConnectionForm({ open, connection, onClose }: Options) {
  const { t } = useTranslation("connections");
  const queryClient = useQueryClient();
  const [pendingFile, setPendingFile] = useState<File | null>(null);
  const form = useForm<ConnectionFormValues>({
    resolver: zodResolver(connectionSchema) as unknown as Resolver<ConnectionFormValues>,
    defaultValues: EMPTY_CONNECTION_FORM,
  });

  // Filled once per opening: a live update meanwhile does not wipe what is being typed.
  const { reset } = form;
  const filled = useRef(false);
  useEffect(() => {
    if (!open) {
      filled.current = false;
      return;
    }
    if (filled.current) return;
    filled.current = true;
    setPendingFile(null);
    reset(connection ? connectionToFormValues(connection) : EMPTY_CONNECTION_FORM);
  }, [open, connection, reset]);

  const save = useMutation({
    mutationFn: async (values: ConnectionFormValues) => {
      const payload = formValuesToPayload(values, connection?.config);
      let saved = connection
        ? await connectionsApi.update(connection.id, payload)
        : await connectionsApi.create(payload);
      if (pendingFile) saved = await connectionsApi.uploadFile(saved.id, pendingFile);
      return saved;
    },
    onSuccess: (saved) => {
      upsertConnection(queryClient, saved);
      toast.success(t("toasts.saved"));
      reset(EMPTY_CONNECTION_FORM);
      setPendingFile(null);
      onClose();
    },
    onError: (err) => {
      // The server's field messages (name taken, Meta id used elsewhere, token required…).
      const known = new Set(["name", "token", ...META_FIELD_PATHS]);
      for (const [field, message] of Object.entries(
        err instanceof ApiError ? (err.fields ?? {}) : {},
      )) {
        if (known.has(field)) form.setError(field as FieldPath<ConnectionFormValues>, { message });
      }
      toastError(err);
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await delay(FORM_SUBMIT_DELAY_MS);
    await save.mutateAsync(values).catch(() => undefined);
  });

  return {
    form,
    onSubmit,
    isEdit: connection !== undefined,
    saving: form.formState.isSubmitting,
    pendingFile,
    setPendingFile,
  };
}
