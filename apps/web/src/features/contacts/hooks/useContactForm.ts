import { contactSchema, contactUpdateSchema, FORM_SUBMIT_DELAY_MS } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/ApiError";
import { errorMessage, toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import {
  contactsApi,
  contactsKeys,
  type ContactDTO,
  type ContactPayload,
} from "../api/contactsApi";
import { upsertContactInLists } from "../api/contactsCache";
import {
  contactToFormValues,
  emptyContactForm,
  formValuesToPayload,
  type ContactFormValues,
  type ContactInitialValues,
} from "./contactFormValues";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Options {
  open: boolean;
  contactId?: number;
  initialValues?: ContactInitialValues;
  onClose(): void;
  onSaved(contact: ContactDTO): void;
}

/**
 * The contact form (agent-core §2, §5): loads the contact on edit, validates with the shared
 * contactSchema, submits after 400 ms, then closes, resets and confirms with a toast.
 */
export function useContactForm({ open, contactId, initialValues, onClose, onSaved }: Options) {
  const { t } = useTranslation("contacts");
  const queryClient = useQueryClient();
  const isEdit = contactId !== undefined;

  const existing = useQuery({
    queryKey: contactsKeys.detail(contactId ?? 0),
    queryFn: ({ signal }) => contactsApi.get(contactId ?? 0, signal),
    enabled: open && isEdit,
    staleTime: 0,
  });

  // A web-chat visitor may have typed no phone: their number may stay empty (the server agrees).
  const visitor = existing.data?.visitorConnectionId != null;
  const visitorRef = useRef(visitor);
  visitorRef.current = visitor;
  const form = useForm<ContactFormValues>({
    resolver: ((values, context, options) =>
      zodResolver(visitorRef.current ? contactUpdateSchema : contactSchema)(
        values,
        context,
        options as never,
      )) as Resolver<ContactFormValues>,
    defaultValues: emptyContactForm(initialValues),
  });

  // The form is filled once per opening: a live update of the contact meanwhile does not
  // wipe what is being typed.
  const { reset } = form;
  const filled = useRef(false);
  const initialName = initialValues?.name;
  const initialNumber = initialValues?.number;
  useEffect(() => {
    if (!open) {
      filled.current = false;
      return;
    }
    if (filled.current) return;
    if (!isEdit) reset(emptyContactForm({ name: initialName, number: initialNumber }));
    else if (existing.data) reset(contactToFormValues(existing.data));
    else return;
    filled.current = true;
  }, [open, isEdit, existing.data, reset, initialName, initialNumber]);

  // The contact could not be loaded (the error toast has shown why): nothing to edit.
  useEffect(() => {
    if (open && existing.isError) onClose();
  }, [open, existing.isError, onClose]);

  const save = useMutation({
    mutationFn: (payload: ContactPayload) =>
      contactId === undefined
        ? contactsApi.create(payload)
        : contactsApi.update(contactId, payload),
    onSuccess: (saved) => {
      upsertContactInLists(queryClient, saved);
      queryClient.setQueryData(contactsKeys.detail(saved.id), saved);
      toast.success(t("contactModal.success"));
      reset(emptyContactForm());
      onClose();
      onSaved(saved);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === "ERR_DUPLICATED_CONTACT") {
        form.setError("number", { message: errorMessage(err) });
      }
      toastError(err);
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await delay(FORM_SUBMIT_DELAY_MS);
    await save.mutateAsync(formValuesToPayload(values)).catch(() => undefined);
  });

  return {
    form,
    onSubmit,
    isEdit,
    loading: isEdit && existing.isPending,
    saving: form.formState.isSubmitting,
  };
}
