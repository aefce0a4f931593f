import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { useContactList } from "../../contactLists/hooks/useContactLists";
import { useTagsList } from "../../tags/hooks/useTags";
import type { CampaignFormValues } from "../lib/campaignRules";

interface Props {
  values: CampaignFormValues;
  onConfirm(): void;
  onClose(): void;
}

/** 'A campanha começará a enviar agora para N contatos…' before a campaign starts now. */
export function StartNowDialog({ values, onConfirm, onClose }: Props) {
  const { t } = useTranslation("campaigns");
  const byList = values.recipientKind === "list";
  const list = useContactList(byList ? Number(values.contactListId) : null).data;
  const { tags } = useTagsList(!byList);
  const tag = tags.find((candidate) => candidate.id === values.tagId);
  const message = byList
    ? list && t("startNow.list", { count: list.itemsCount, name: list.name })
    : t("startNow.tag", { name: tag?.name ?? "" });
  return (
    <ConfirmDialog
      open
      title={t("startNow.title")}
      message={message}
      confirmLabel={t("startNow.confirm")}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
