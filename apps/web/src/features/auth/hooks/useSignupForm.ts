import { signupSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../api/ApiError";
import { toast } from "../../../app/toast/toastStore";
import { authApi } from "../api/authApi";

const signupFormSchema = signupSchema.pick({
  name: true,
  email: true,
  password: true,
  token: true,
});
const FORM_FIELDS = ["name", "email", "password", "token"] as const;
type SignupField = (typeof FORM_FIELDS)[number];

const isFormField = (field: string): field is SignupField =>
  (FORM_FIELDS as readonly string[]).includes(field);

/**
 * Signup: the company comes from ?companyId=. Success → toast and /login. Failure → the
 * translated backend error when there is one ('Empresa não identificada!'), else the generic
 * signup failure text; the server's field messages show under the fields.
 */
export function useSignupForm() {
  const { t, i18n } = useTranslation(["auth", "backendErrors"]);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const companyId = Number(searchParams.get("companyId")) || undefined;
  const form = useForm({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: "", email: "", password: "", token: "" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await authApi.signup({ ...values, companyId });
      toast.success(t("signup.success"));
      await navigate("/login");
    } catch (err) {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields ?? {})) {
          if (isFormField(field)) form.setError(field, { message });
        }
        const key = `backendErrors:${err.code}`;
        if (err.code !== "ERR_VALIDATION" && i18n.exists(key)) {
          toast.error(t(key));
          return;
        }
      }
      toast.error(t("signup.failure"));
    }
  });

  return { form, onSubmit, submitting: form.formState.isSubmitting, companyId };
}
