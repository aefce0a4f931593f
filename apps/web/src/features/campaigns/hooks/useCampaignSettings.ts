import { campaignSettingsSchema, type CampaignSettingsInput } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { campaignsApi, campaignsKeys, type CampaignSettingsDTO } from "../api/campaignsApi";

/** The form edits numbers as typed text; campaignSettingsSchema turns them into numbers. */
export type CampaignSettingsFormValues = Omit<
  CampaignSettingsDTO,
  "messageIntervalMin" | "messageIntervalMax" | "longerIntervalAfter" | "greaterInterval"
> & {
  messageIntervalMin: string;
  messageIntervalMax: string;
  longerIntervalAfter: string;
  greaterInterval: string;
};

export const NUMBER_FIELDS = [
  "messageIntervalMin",
  "messageIntervalMax",
  "longerIntervalAfter",
  "greaterInterval",
] as const;

function toForm(settings: CampaignSettingsDTO): CampaignSettingsFormValues {
  return {
    ...settings,
    messageIntervalMin: String(settings.messageIntervalMin),
    messageIntervalMax: String(settings.messageIntervalMax),
    longerIntervalAfter: String(settings.longerIntervalAfter),
    greaterInterval: String(settings.greaterInterval),
  };
}

/** GET /campaign-settings (the server answers the defaults until the company saves). */
export function useCampaignSettingsQuery() {
  return useQuery({
    queryKey: campaignsKeys.settings(),
    queryFn: ({ signal }) => campaignsApi.settings(signal),
  });
}

/** The /campaigns-config form: checked by campaignSettingsSchema, saved with PUT. */
export function useCampaignSettingsForm(settings: CampaignSettingsDTO) {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  const form = useForm<CampaignSettingsFormValues>({
    resolver: zodResolver(
      campaignSettingsSchema,
    ) as unknown as Resolver<CampaignSettingsFormValues>,
    defaultValues: toForm(settings),
  });
  const save = useMutation({
    mutationFn: (values: CampaignSettingsInput) => campaignsApi.saveSettings(values),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignsKeys.settings(), saved);
      form.reset(toForm(saved));
      toast.success(t("settings.saved"));
    },
    onError: toastError,
  });
  // On success the resolver hands over the schema's output (numbers, days sorted once).
  const onSubmit = form.handleSubmit(async (values) => {
    await save.mutateAsync(values as unknown as CampaignSettingsInput).catch(() => undefined);
  });
  return { form, onSubmit, saving: form.formState.isSubmitting };
}
