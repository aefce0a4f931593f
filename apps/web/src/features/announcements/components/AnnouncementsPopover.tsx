import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import Badge from "@mui/material/Badge";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { TopBarPopover } from "../../../components/TopBarPopover";
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
  const { t } = useTranslation("announcements");
  const list = useActiveAnnouncements();
  const unread = list.items.filter((a) => !a.viewed).length;
  return (
    <TopBarPopover
      label={t("popover.open", { count: unread })}
      title={t("title")}
      icon={
        <Badge badgeContent={unread} color="error" max={99}>
          <CampaignOutlinedIcon />
        </Badge>
      }
    >
      {() => <AnnouncementsPanel list={list} />}
    </TopBarPopover>
  );
}
