import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { connectionsApi, type SessionCommand } from "../api/connectionsApi";
import { removeConnection } from "../api/connectionsCache";

export function useDeleteConnection() {
  const { t } = useTranslation("connections");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: number) => connectionsApi.remove(connectionId),
    onSuccess: (_data, connectionId) => {
      removeConnection(queryClient, connectionId);
      toast.success(t("toasts.deleted"));
    },
    onError: toastError,
  });
}

/** Session buttons: the new status arrives live on company-{id}-whatsappSession. */
export function useSessionCommand() {
  return useMutation({
    mutationFn: ({ id, command }: { id: number; command: SessionCommand }) =>
      connectionsApi.session(id, command),
    onError: toastError,
  });
}
