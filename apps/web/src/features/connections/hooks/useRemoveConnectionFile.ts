import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../app/toast/toastStore";
import { connectionsApi } from "../api/connectionsApi";
import { upsertConnection } from "../api/connectionsCache";

/** How long the first click keeps the delete armed. */
const ARMED_MS = 4000;

/**
 * Removing a connection's file takes two clicks (agent-core §2): the first arms the button
 * ('Clique novamente para excluir'), the second deletes. A failure is only logged (§8).
 */
export function useRemoveConnectionFile(connectionId: number | undefined) {
  const { t } = useTranslation("connections");
  const queryClient = useQueryClient();
  const [armed, setArmed] = useState(false);

  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), ARMED_MS);
    return () => clearTimeout(timer);
  }, [armed]);

  const remove = useMutation({
    mutationFn: (id: number) => connectionsApi.removeFile(id),
    onSuccess: (saved) => {
      upsertConnection(queryClient, saved);
      toast.success(t("file.deleted"));
    },
    onError: (err) => {
      // eslint-disable-next-line no-console -- the spec keeps this failure out of the UI
      console.error("Connection file delete failed", err);
    },
    onSettled: () => setArmed(false),
  });

  const click = () => {
    if (connectionId === undefined || remove.isPending) return;
    if (!armed) setArmed(true);
    else remove.mutate(connectionId);
  };

  return { armed, click, removing: remove.isPending };
}
