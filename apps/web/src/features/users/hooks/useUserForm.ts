import { can, FORM_SUBMIT_DELAY_MS, userCreateSchema, userUpdateSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/ApiError";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { useAuth } from "../../auth/hooks/useAuth";
import { usersApi, usersKeys, type UserPayload } from "../api/usersApi";
import { upsertUserInLists } from "../api/usersCache";
import {
  EMPTY_USER_FORM,
  formValuesToPayload,
  userToFormValues,
  type UserFormAbilities,
  type UserFormValues,
} from "./userFormValues";

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The user modal (admin-operator §2.5, §5): loads the user on edit, validates with the
 * shared schemas, submits after 400 ms, then closes, resets and confirms with a toast.
 */
export function useUserForm({
  userId,
  companyId,
  onClose,
}: {
  userId?: number;
  companyId?: number;
  onClose(): void;
}) {
  const { t } = useTranslation("users");
  const queryClient = useQueryClient();
  const { user: me, setCurrentUser } = useAuth();
  const isEdit = userId !== undefined;
  const abilities: UserFormAbilities = {
    editProfile: can(me, "user-modal:editProfile"),
    editQueues: can(me, "user-modal:editQueues"),
    supportAccess: Boolean(me?.super) && userId !== me?.id,
  };

  const existing = useQuery({
    queryKey: usersKeys.detail(userId ?? 0),
    queryFn: ({ signal }) => usersApi.get(userId ?? 0, signal),
    enabled: isEdit,
    staleTime: 0,
  });

  const form = useForm<UserFormValues>({
    resolver: zodResolver(
      isEdit ? userUpdateSchema : userCreateSchema,
    ) as unknown as Resolver<UserFormValues>,
    defaultValues: EMPTY_USER_FORM,
  });

  const { reset } = form;
  useEffect(() => {
    if (existing.data) reset(userToFormValues(existing.data));
  }, [existing.data, reset]);

  // The user could not be loaded (the error toast has shown why): nothing to edit.
  useEffect(() => {
    if (existing.isError) onClose();
  }, [existing.isError, onClose]);

  const save = useMutation({
    mutationFn: (payload: UserPayload) =>
      userId === undefined
        ? usersApi.create(companyId ? { ...payload, companyId } : payload)
        : usersApi.update(userId, payload),
    onSuccess: (saved) => {
      upsertUserInLists(queryClient, saved);
      queryClient.setQueryData(usersKeys.detail(saved.id), saved);
      if (saved.id === me?.id) setCurrentUser(saved);
      toast.success(t("modal.saved"));
      reset(EMPTY_USER_FORM);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fields ?? {})) {
          if (field in EMPTY_USER_FORM) form.setError(field as keyof UserFormValues, { message });
        }
      }
      toastError(err);
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    await delay(FORM_SUBMIT_DELAY_MS);
    await save.mutateAsync(formValuesToPayload(values, abilities)).catch(() => undefined);
  });

  return {
    form,
    onSubmit,
    isEdit,
    abilities,
    loading: isEdit && existing.isPending,
    saving: form.formState.isSubmitting,
  };
}
