import SentimentNeutralOutlinedIcon from "@mui/icons-material/SentimentNeutralOutlined";
import ThumbDownOutlinedIcon from "@mui/icons-material/ThumbDownOutlined";
import ThumbUpOutlinedIcon from "@mui/icons-material/ThumbUpOutlined";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import type { AnnouncementDTO, AnnouncementReaction } from "../api/announcementsApi";
import {
  useAnnouncementReader,
  type useActiveAnnouncements,
} from "../hooks/useActiveAnnouncements";

const REACTIONS = {
  bad: ThumbDownOutlinedIcon,
  neutral: SentimentNeutralOutlinedIcon,
  good: ThumbUpOutlinedIcon,
} as const satisfies Record<AnnouncementReaction, unknown>;

const PRIORITY_COLOR = { 1: "error", 2: "warning", 3: "default" } as const;

interface PanelProps {
  list: ReturnType<typeof useActiveAnnouncements>;
}

/** The cards of the announcements popover; opening it marks what it shows as viewed. */
export function AnnouncementsPanel({ list }: PanelProps) {
  const { t } = useTranslation("announcements");
  const { view, react } = useAnnouncementReader();
  const requested = useRef(new Set<number>());
  const unseenKey = list.items
    .filter((a) => !a.viewed)
    .map((a) => a.id)
    .join(",");

  // Each shown announcement is marked viewed once per opening.
  useEffect(() => {
    for (const id of unseenKey ? unseenKey.split(",").map(Number) : []) {
      if (requested.current.has(id)) continue;
      requested.current.add(id);
      view(id);
    }
  }, [unseenKey, view]);

  if (list.loading) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
        <CircularProgress size={24} />
      </Box>
    );
  }
  if (list.items.length === 0) return <EmptyState message={t("popover.empty")} />;
  return (
    <Box ref={list.scrollRef} onScroll={list.onScroll} sx={{ overflowY: "auto" }}>
      {list.items.map((a, index) => (
        <Box key={a.id}>
          {index > 0 && <Divider />}
          <AnnouncementCard
            announcement={a}
            onReact={(reaction) => react({ id: a.id, reaction })}
          />
        </Box>
      ))}
      {list.loadingMore && (
        <Box sx={{ display: "flex", justifyContent: "center", p: 1 }}>
          <CircularProgress size={20} />
        </Box>
      )}
    </Box>
  );
}

function AnnouncementCard({
  announcement: a,
  onReact,
}: {
  announcement: AnnouncementDTO;
  onReact(reaction: AnnouncementReaction): void;
}) {
  const { t } = useTranslation("announcements");
  return (
    <Box component="article" aria-label={a.title} sx={{ p: 2, display: "grid", gap: 1 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
          {a.title}
        </Typography>
        <Chip size="small" label={t(`values.category.${a.category}`)} />
        <Chip
          size="small"
          variant="outlined"
          color={PRIORITY_COLOR[a.priority as 1 | 2 | 3] ?? "default"}
          label={t(`values.priority.${a.priority}`)}
        />
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
        {a.text}
      </Typography>
      {a.mediaPath && (
        <Box
          component="img"
          src={a.mediaPath}
          alt={a.mediaName ?? a.title}
          sx={{ maxWidth: "100%", borderRadius: 1 }}
        />
      )}
      {a.link && (
        <Link href={a.link} target="_blank" rel="noopener noreferrer" variant="body2">
          {a.link}
        </Link>
      )}
      <Box role="group" aria-label={t("popover.react")} sx={{ display: "flex", gap: 0.5 }}>
        {(Object.keys(REACTIONS) as AnnouncementReaction[]).map((key) => {
          const Icon = REACTIONS[key];
          const mine = a.reaction === key;
          return (
            <IconButton
              key={key}
              size="small"
              color={mine ? "primary" : "default"}
              aria-pressed={mine}
              aria-label={t(`reactions.${key}`, { count: a.reactions[key] })}
              onClick={() => onReact(key)}
            >
              <Icon fontSize="small" />
              <Typography variant="caption" sx={{ ml: 0.5 }}>
                {a.reactions[key]}
              </Typography>
            </IconButton>
          );
        })}
      </Box>
    </Box>
  );
}
