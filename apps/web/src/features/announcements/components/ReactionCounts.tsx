import SentimentNeutralOutlinedIcon from "@mui/icons-material/SentimentNeutralOutlined";
import ThumbDownOutlinedIcon from "@mui/icons-material/ThumbDownOutlined";
import ThumbUpOutlinedIcon from "@mui/icons-material/ThumbUpOutlined";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import type { AnnouncementDTO } from "../api/announcementsApi";

const ICONS = {
  bad: ThumbDownOutlinedIcon,
  neutral: SentimentNeutralOutlinedIcon,
  good: ThumbUpOutlinedIcon,
} as const;

/** The bad, neutral and good counts of an announcement. */
export function ReactionCounts({ reactions }: { reactions: AnnouncementDTO["reactions"] }) {
  const { t } = useTranslation("announcements");
  return (
    <Box sx={{ display: "inline-flex", gap: 1.5, alignItems: "center" }}>
      {(Object.keys(ICONS) as (keyof typeof ICONS)[]).map((key) => {
        const Icon = ICONS[key];
        return (
          <Box
            key={key}
            component="span"
            aria-label={t(`reactions.${key}`, { count: reactions[key] })}
            sx={{ display: "inline-flex", gap: 0.5, alignItems: "center" }}
          >
            <Icon fontSize="small" color="action" aria-hidden />
            {reactions[key]}
          </Box>
        );
      })}
    </Box>
  );
}
