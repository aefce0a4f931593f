import AssessmentOutlinedIcon from "@mui/icons-material/AssessmentOutlined";
import BlockOutlinedIcon from "@mui/icons-material/BlockOutlined";
import ContentCopyOutlinedIcon from "@mui/icons-material/ContentCopyOutlined";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PauseCircleOutlineIcon from "@mui/icons-material/PauseCircleOutlined";
import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutlined";
import IconButton from "@mui/material/IconButton";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { CampaignCommand, CampaignDTO } from "../api/campaignsApi";
import { campaignAllows } from "../lib/campaignRules";

export interface CampaignRowHandlers {
  onEdit(campaign: CampaignDTO): void;
  onDelete(campaign: CampaignDTO): void;
  onCommand(campaign: CampaignDTO, command: CampaignCommand): void;
  /** Cancel asks first. */
  onCancel(campaign: CampaignDTO): void;
}

/** The actions a campaign's state allows: report, edit, pause, resume, cancel, copy, delete. */
export function CampaignRowActions({
  campaign,
  handlers,
}: {
  campaign: CampaignDTO;
  handlers: CampaignRowHandlers;
}) {
  const { t } = useTranslation("campaigns");
  const navigate = useNavigate();
  const { status, name } = campaign;
  const action = (key: string, icon: ReactNode, onClick: () => void) => (
    <IconButton size="small" aria-label={t(`campaigns.actions.${key}`, { name })} onClick={onClick}>
      {icon}
    </IconButton>
  );
  return (
    <>
      {action("report", <AssessmentOutlinedIcon fontSize="small" />, () =>
        navigate(`/campaigns/${campaign.id}/report`),
      )}
      {campaignAllows.edit(status) &&
        action("edit", <EditOutlinedIcon fontSize="small" />, () => handlers.onEdit(campaign))}
      {campaignAllows.pause(status) &&
        action("pause", <PauseCircleOutlineIcon fontSize="small" />, () =>
          handlers.onCommand(campaign, "pause"),
        )}
      {campaignAllows.resume(status) &&
        action("resume", <PlayCircleOutlineIcon fontSize="small" />, () =>
          handlers.onCommand(campaign, "resume"),
        )}
      {campaignAllows.cancel(status) &&
        action("cancel", <BlockOutlinedIcon fontSize="small" />, () => handlers.onCancel(campaign))}
      {action("duplicate", <ContentCopyOutlinedIcon fontSize="small" />, () =>
        handlers.onCommand(campaign, "duplicate"),
      )}
      {campaignAllows.delete(status) &&
        action("delete", <DeleteOutlinedIcon fontSize="small" />, () =>
          handlers.onDelete(campaign),
        )}
    </>
  );
}
