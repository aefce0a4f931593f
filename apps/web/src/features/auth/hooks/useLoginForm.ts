import type { LoginInput } from "@atrium/shared";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { useAuth } from "./useAuth";

/**
 * Validation (the shared zod schema) is fetched on the first submit, which keeps zod out of
 * the JavaScript the login screen needs to appear.
 */
const lazyLoginResolver: Resolver<LoginInput> = async (values, context, options) => {
  const { loginResolver } = await import("./loginResolver");
  return loginResolver(values, context, options);
};

/** Login form: on success the session is stored and the guard moves on to /tickets. */
export function useLoginForm() {
  const { t } = useTranslation("auth");
  const { login } = useAuth();
  const form = useForm<LoginInput>({
    resolver: lazyLoginResolver,
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
