import { campaignSchema } from "@atrium/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/toastError";
import { toast } from "../../../app/toast/toastStore";
import { campaignsApi, type CampaignDTO, type CampaignPayload } from "../api/campaignsApi";
import { upsertCampaign } from "../api/campaignsCache";
import {
  campaignToForm,
  formToPayload,
  formToSchemaInput,
  type CampaignFormValues,
} from "../lib/campaignRules";

const schemaResolver = zodResolver(campaignSchema) as unknown as Resolver<
  ReturnType<typeof formToSchemaInput>
>;

/** The shared campaignSchema (its texts) checks the chosen kind of recipient only. */
const resolver: Resolver<CampaignFormValues> = async (values, context, options) => {
  const result = await schemaResolver(formToSchemaInput(values), context, options as never);
  return Object.keys(result.errors).length > 0
    ? { values: {}, errors: result.errors }
    : { values, errors: {} };
};

function useSaveCampaign(onSaved: () => void) {
  const { t } = useTranslation("campaigns");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id?: number; payload: CampaignPayload; file: File | null }) => {
      const saved = input.id
        ? await campaignsApi.update(input.id, input.payload)
        : await campaignsApi.create(input.payload);
      return input.file ? campaignsApi.upload(saved.id, input.file) : saved;
    },
    onSuccess: (saved) => {
      upsertCampaign(queryClient, saved);
      toast.success(t("campaigns.saved"));
      onSaved();
    },
    onError: toastError,
  });
}

function useRemoveCampaignFile(onRemoved: (campaign: CampaignDTO) => void) {
  const { t } = useTranslation("attachments");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => campaignsApi.removeFile(id),
    onSuccess: (saved) => {
      upsertCampaign(queryClient, saved);
      toast.success(t("deleted"));
      onRemoved(saved);
    },
    onError: toastError,
  });
}

/**
 * The campaign dialog: validated by campaignSchema; the file goes up after the save. A
 * campaign that would start now (no date, not yet started) is confirmed first.
 */
export function useCampaignForm({
  campaign,
  onClose,
}: {
  campaign?: CampaignDTO;
  onClose(): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [stored, setStored] = useState(campaign?.file ?? null);
  const [startingNow, setStartingNow] = useState<CampaignFormValues | null>(null);
  const save = useSaveCampaign(onClose);
  const removeFile = useRemoveCampaignFile((saved) => setStored(saved.file));
  const form = useForm<CampaignFormValues>({ resolver, defaultValues: campaignToForm(campaign) });

  const send = (values: CampaignFormValues) =>
    save
      .mutateAsync({ id: campaign?.id, payload: formToPayload(values), file })
      .catch(() => undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    const notStarted = !campaign || campaign.status === "PROGRAMADA";
    if (!values.scheduledAt && notStarted) {
      setStartingNow(values);
      return;
    }
    await send(values);
  });

  return {
    form,
    onSubmit,
    saving: form.formState.isSubmitting || save.isPending,
    file,
    setFile,
    stored,
    removeFile: campaign ? () => removeFile.mutate(campaign.id) : undefined,
    removingFile: removeFile.isPending,
    /** The values waiting for 'Enviar agora' to be confirmed. */
    startingNow,
    confirmStart: () => {
      if (startingNow) void send(startingNow);
      setStartingNow(null);
    },
    cancelStart: () => setStartingNow(null),
  };
}
