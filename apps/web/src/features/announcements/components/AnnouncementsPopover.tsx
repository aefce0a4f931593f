import { NOTIFICATION_POPOVER_PX } from "@atrium/shared";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActiveAnnouncements } from "../hooks/useActiveAnnouncements";

// The cards load on the first opening, not with the app shell.
const AnnouncementsPanel = lazy(async () => ({
  default: (await import("./AnnouncementsPanel")).AnnouncementsPanel,
}));

/** The top bar's announcements button; its texts load on their own, without holding the layout. */
export function AnnouncementsPopover() {
  return (
    <Suspense fallback={null}>
      <AnnouncementsButton />
    </Suspense>
  );
}

/** Active announcements for every user: a badge counts the unread ones; reading marks them. */
function AnnouncementsButton() {
  const { t } = useTranslation(["announcements", "common"]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useActiveAnnouncements();
  const unread = list.items.filter((a) => !a.viewed).length;

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t("popover.open", { count: unread })}
        aria-haspopup="dialog"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread} color="error" max={99}>
          <CampaignOutlinedIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": t("title"),
            sx: {
              width: NOTIFICATION_POPOVER_PX,
              maxWidth: "calc(100vw - 16px)",
              maxHeight: NOTIFICATION_POPOVER_PX,
              display: "flex",
              flexDirection: "column",
            },
          },
        }}
      >
        <Suspense
          fallback={
            <Box sx={{ display: "flex", justifyContent: "center", p: 2 }}>
              <CircularProgress size={24} aria-label={t("common:loading")} />
            </Box>
          }
        >
          <AnnouncementsPanel list={list} />
        </Suspense>
      </Popover>
    </>
  );
}
