import { apiTestFormSchema, FORM_SUBMIT_DELAY_MS, msg } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/ApiError";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { messagesApiApi, type ApiSendResult } from "../api/messagesApiApi";

export interface ApiTestFormValues {
  key: string;
  token: string;
  number: string;
  body: string;
  ticket: boolean;
  queue: string;
}

const EMPTY: ApiTestFormValues = {
  key: "",
  token: "",
  number: "",
  body: "",
  ticket: false,
  queue: "",
};

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The test form (admin-operator §2.13, §5): key, token, number and body — or a file — are
 * required. It calls the real endpoint with X_KEY / X_TOKEN and shows the answer.
 */
export function useApiTestForm(freshKey: string | null) {
  const { t } = useTranslation("messagesApi");
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ApiSendResult | null>(null);
  const form = useForm<ApiTestFormValues>({
    resolver: zodResolver(apiTestFormSchema) as Resolver<ApiTestFormValues>,
    defaultValues: EMPTY,
  });

  // A key just generated fills the form: the admin can try it right away.
  const { setValue } = form;
  useEffect(() => {
    if (freshKey) setValue("key", freshKey);
  }, [freshKey, setValue]);

  const send = useMutation({
    mutationFn: (values: ApiTestFormValues) =>
      messagesApiApi.send({
        key: values.key,
        token: values.token,
        number: values.number,
        body: values.body,
        file,
        ticket: values.ticket,
        queue: values.queue ? Number(values.queue) : null,
      }),
    onSuccess: (answer) => {
      setResult(answer);
      toast.success(t("test.sent"));
    },
    onError: (err) => {
      setResult(null);
      toastError(err);
      // The server's field messages (a number without its country code …) under the fields.
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields ?? {})) {
          if (field in EMPTY) form.setError(field as keyof ApiTestFormValues, { message });
        }
      }
    },
  });

  // Body or file: checked with the other fields, so every missing one shows at once.
  const requireBodyOrFile = () => {
    const missing = !form.getValues("body").trim() && !file;
    if (missing) form.setError("body", { message: msg.required });
    return !missing;
  };
  const onSubmit = form.handleSubmit(async (values) => {
    if (!requireBodyOrFile()) return;
    await delay(FORM_SUBMIT_DELAY_MS);
    await send.mutateAsync(values).catch(() => undefined);
  }, requireBodyOrFile);

  return { form, onSubmit, file, setFile, result, sending: form.formState.isSubmitting };
}
