import { loginSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { useAuth } from "./useAuth";

/** Login form: on success the session is stored and the guard moves on to /tickets. */
export function useLoginForm() {
  const { t } = useTranslation("auth");
  const { login } = useAuth();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login(values);
      toast.success(t("login.success"));
    } catch (err) {
      toastError(err);
    }
  });

  return { form, onSubmit, submitting: form.formState.isSubmitting };
}
