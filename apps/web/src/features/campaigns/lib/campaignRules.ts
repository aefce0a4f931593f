import { CAMPAIGN_MESSAGES_MAX, type CampaignStatus, type CampaignReportDTO } from "@atrium/shared";
import { format } from "date-fns";
import type { CampaignDTO, CampaignPayload } from "../api/campaignsApi";

/** Which actions a campaign's state allows (the server refuses the rest: ERR_CAMPAIGN_STATE). */
export const campaignAllows = {
  edit: (status: CampaignStatus) => status === "PROGRAMADA" || status === "PAUSADA",
  pause: (status: CampaignStatus) => status === "EM_ANDAMENTO" || status === "PROGRAMADA",
  resume: (status: CampaignStatus) => status === "PAUSADA",
  cancel: (status: CampaignStatus) => status !== "FINALIZADA" && status !== "CANCELADA",
  delete: (status: CampaignStatus) => status !== "EM_ANDAMENTO",
};

/** Recipients done with (any outcome but pending) and the share of the total. */
export function campaignProgress(report: CampaignReportDTO) {
  const done = Math.max(0, report.total - report.pending);
  return { done, total: report.total, percent: report.total ? (done / report.total) * 100 : 0 };
}

/** DD/MM/YYYY HH:mm, or '' for no time. */
export const formatStamp = (iso: string | null) =>
  iso ? format(new Date(iso), "dd/MM/yyyy HH:mm") : "";

/** What the campaign dialog edits: five message slots of each kind, one recipient kind. */
export interface CampaignFormValues {
  name: string;
  whatsappId: number | "";
  recipientKind: "list" | "tag";
  contactListId: number | "";
  tagId: number | "";
  messages: string[];
  confirmation: boolean;
  confirmationMessages: string[];
  confirmationReply: string;
  /** 'YYYY-MM-DDTHH:mm' (local) or '' for 'Enviar agora'. */
  scheduledAt: string;
}

const slots = (messages: string[] = []) =>
  Array.from({ length: CAMPAIGN_MESSAGES_MAX }, (_, index) => messages[index] ?? "");

export function campaignToForm(campaign?: CampaignDTO): CampaignFormValues {
  return {
    name: campaign?.name ?? "",
    whatsappId: campaign?.whatsappId ?? "",
    recipientKind: campaign?.tagId ? "tag" : "list",
    contactListId: campaign?.contactListId ?? "",
    tagId: campaign?.tagId ?? "",
    messages: slots(campaign?.messages),
    confirmation: campaign?.confirmation ?? false,
    confirmationMessages: slots(campaign?.confirmationMessages),
    confirmationReply: campaign?.confirmationReply ?? "",
    scheduledAt: campaign?.scheduledAt
      ? format(new Date(campaign.scheduledAt), "yyyy-MM-dd'T'HH:mm")
      : "",
  };
}

/** The values campaignSchema checks: only the chosen kind of recipient. */
export function formToSchemaInput(values: CampaignFormValues) {
  const { recipientKind, ...rest } = values;
  return {
    ...rest,
    contactListId: recipientKind === "list" ? values.contactListId : null,
    tagId: recipientKind === "tag" ? values.tagId : null,
  };
}

export function formToPayload(values: CampaignFormValues): CampaignPayload {
  const filled = (list: string[]) => list.map((m) => m.trim()).filter((m) => m !== "");
  const input = formToSchemaInput(values);
  return {
    name: values.name.trim(),
    whatsappId: Number(values.whatsappId),
    contactListId: input.contactListId === "" ? null : input.contactListId,
    tagId: input.tagId === "" ? null : input.tagId,
    messages: filled(values.messages),
    confirmation: values.confirmation,
    confirmationMessages: values.confirmation ? filled(values.confirmationMessages) : [],
    confirmationReply: values.confirmation ? values.confirmationReply.trim() : "",
    scheduledAt: values.scheduledAt ? new Date(values.scheduledAt).toISOString() : null,
  };
}
