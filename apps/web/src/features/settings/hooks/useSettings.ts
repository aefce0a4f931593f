import type { SettingDTO } from "@atrium/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { settingsApi, settingsKeys } from "../api/settingsApi";
import { setSettingInCache } from "../api/settingsCache";

export function useSettings(enabled = true) {
  const query = useQuery({
    queryKey: settingsKeys.list(),
    queryFn: ({ signal }) => settingsApi.list(signal),
    enabled,
  });
  const settings = query.data ?? [];
  const valueOf = (key: string) => settings.find((s) => s.key === key)?.value;
  return { settings, valueOf, loading: enabled && query.isPending };
}

/** Saves a setting as soon as it changes, 'Atualizando...' meanwhile (admin-operator §2.2). */
export function useUpdateSetting() {
  const { t } = useTranslation("settings");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: SettingDTO) => settingsApi.update(key, value),
    onMutate: (setting) => {
      toast.info(t("updating"));
      const previous = queryClient.getQueryData<SettingDTO[]>(settingsKeys.list());
      setSettingInCache(queryClient, setting);
      return { previous };
    },
    onSuccess: (saved) => {
      setSettingInCache(queryClient, saved);
      toast.success(t("saved"));
    },
    onError: (err, _setting, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.list(), context.previous);
      toastError(err);
    },
  });
}
