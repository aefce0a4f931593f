import type { CampaignStatus } from "@atrium/shared";
import Chip, { type ChipProps } from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

const COLORS: Record<CampaignStatus, ChipProps["color"]> = {
  PROGRAMADA: "info",
  EM_ANDAMENTO: "primary",
  PAUSADA: "warning",
  CANCELADA: "error",
  FINALIZADA: "success",
};

export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation("campaigns");
  return <Chip size="small" color={COLORS[status]} label={t(`status.${status}`)} />;
}
