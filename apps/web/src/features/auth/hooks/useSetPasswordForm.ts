import { passwordField } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { ApiError } from "../../../api/ApiError";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { authApi } from "../api/authApi";

const setPasswordFormSchema = z.object({ password: passwordField, confirm: z.string() });

/**
 * The token of an access email's link, read once from the URL fragment (#token=…), which
 * never reaches a server; the fragment is then dropped so it leaves no trace in history.
 */
function useLinkToken(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get("token") ?? "");
  useEffect(() => {
    if (location.hash) void navigate({ pathname: location.pathname }, { replace: true });
  }, [location.hash, location.pathname, navigate]);
  return token;
}

/** Set-password form: on success the link is spent and the user goes to /login. */
export function useSetPasswordForm() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const token = useLinkToken();
  const form = useForm({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { password: "", confirm: "" },
  });

  const onSubmit = form.handleSubmit(async ({ password, confirm }) => {
    if (password !== confirm) {
      form.setError("confirm", { message: t("setPassword.mismatch") });
      return;
    }
    try {
      await authApi.setPassword({ token, password });
      toast.success(t("setPassword.success"));
      await navigate("/login", { replace: true });
    } catch (err) {
      const fieldMessage = err instanceof ApiError ? err.fields?.password : undefined;
      if (fieldMessage) form.setError("password", { message: fieldMessage });
      toastError(err);
    }
  });

  return { token, form, onSubmit, submitting: form.formState.isSubmitting };
}
