import { can, type Actor } from "@atrium/shared";
import AccountTreeOutlinedIcon from "@mui/icons-material/AccountTreeOutlined";
import AnnouncementOutlinedIcon from "@mui/icons-material/AnnouncementOutlined";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import CodeIcon from "@mui/icons-material/Code";
import ContactPhoneOutlinedIcon from "@mui/icons-material/ContactPhoneOutlined";
import DashboardOutlinedIcon from "@mui/icons-material/DashboardOutlined";
import EventOutlinedIcon from "@mui/icons-material/EventOutlined";
import FlashOnOutlinedIcon from "@mui/icons-material/FlashOnOutlined";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import HelpOutlineOutlinedIcon from "@mui/icons-material/HelpOutlineOutlined";
import ListAltOutlinedIcon from "@mui/icons-material/ListAltOutlined";
import LocalOfferOutlinedIcon from "@mui/icons-material/LocalOfferOutlined";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import QuestionAnswerOutlinedIcon from "@mui/icons-material/QuestionAnswerOutlined";
import SettingsOutlinedIcon from "@mui/icons-material/SettingsOutlined";
import SyncAltIcon from "@mui/icons-material/SyncAlt";
import TuneOutlinedIcon from "@mui/icons-material/TuneOutlined";
import type SvgIcon from "@mui/material/SvgIcon";

type SvgIconComponent = typeof SvgIcon;

export type MenuBadgeSlot = "connections" | "chats";

export interface MenuLink {
  kind: "link";
  to: string;
  labelKey: string;
  icon: SvgIconComponent;
  badge?: MenuBadgeSlot;
}

export interface MenuGroup {
  kind: "group";
  id: string;
  labelKey: string;
  icon: SvgIconComponent;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export interface MenuSections {
  main: MenuEntry[];
  /** Empty when the admin group is hidden. */
  admin: MenuEntry[];
}

export interface MenuViewer extends Actor {
  super?: boolean;
}

const link = (to: string, labelKey: string, icon: SvgIconComponent, badge?: MenuBadgeSlot) =>
  ({ kind: "link", to, labelKey, icon, badge }) satisfies MenuLink;

/**
 * The side menu of agent-core §2 "Navigation and layout", gated by the shared permission
 * rules, the super flag and the cshow flag stored at login.
 */
export function buildMenu(viewer: MenuViewer, campaignsShown: boolean): MenuSections {
  const main: MenuEntry[] = [];
  if (can(viewer, "dashboard:view")) {
    main.push(link("/", "menu.dashboard", DashboardOutlinedIcon));
  }
  main.push(
    link("/connections", "menu.connections", SyncAltIcon, "connections"),
    link("/tickets", "menu.tickets", ForumOutlinedIcon),
    link("/quick-messages", "menu.quickMessages", FlashOnOutlinedIcon),
    link("/contacts", "menu.contacts", ContactPhoneOutlinedIcon),
    link("/schedules", "menu.schedules", EventOutlinedIcon),
    link("/tags", "menu.tags", LocalOfferOutlinedIcon),
    link("/chats", "menu.chats", QuestionAnswerOutlinedIcon, "chats"),
    link("/helps", "menu.helps", HelpOutlineOutlinedIcon),
  );

  const admin: MenuEntry[] = [];
  if (can(viewer, "drawer-admin-items:view")) {
    if (campaignsShown) {
      admin.push({
        kind: "group",
        id: "campaigns",
        labelKey: "menu.campaigns",
        icon: CampaignOutlinedIcon,
        children: [
          link("/campaigns", "menu.campaignsList", ListAltOutlinedIcon),
          link("/contact-lists", "menu.contactLists", PeopleAltOutlinedIcon),
          link("/campaigns-config", "menu.campaignsConfig", TuneOutlinedIcon),
        ],
      });
    }
    if (viewer.super) {
      admin.push(link("/announcements", "menu.announcements", AnnouncementOutlinedIcon));
    }
    admin.push(
      link("/messages-api", "menu.messagesApi", CodeIcon),
      link("/users", "menu.users", PeopleAltOutlinedIcon),
      link("/queues", "menu.queues", AccountTreeOutlinedIcon),
      link("/settings", "menu.settings", SettingsOutlinedIcon),
    );
  }
  return { main, admin };
}
