import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import Badge from "@mui/material/Badge";
import Collapse from "@mui/material/Collapse";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, matchPath, useLocation } from "react-router";
import type { MenuBadgeSlot, MenuEntry, MenuGroup, MenuLink, MenuSections } from "./menuItems";

interface DrawerMenuProps {
  sections: MenuSections;
  badges: Record<MenuBadgeSlot, boolean>;
  onNavigate?(): void;
}

function isActive(pathname: string, to: string): boolean {
  if (to === "/") return pathname === "/";
  return matchPath({ path: to, end: false }, pathname) !== null;
}

function LinkIcon({ item, flagged }: { item: MenuLink; flagged: boolean }) {
  const { t } = useTranslation("layout");
  const Icon = item.icon;
  if (item.badge === "connections") {
    return (
      <Badge
        badgeContent="!"
        color="error"
        invisible={!flagged}
        title={flagged ? t("menu.connectionsAttention") : undefined}
      >
        <Icon />
      </Badge>
    );
  }
  if (item.badge === "chats") {
    return (
      <Badge
        variant="dot"
        color="error"
        invisible={!flagged}
        title={flagged ? t("menu.chatsUnread") : undefined}
      >
        <Icon />
      </Badge>
    );
  }
  return <Icon />;
}

function DrawerLink({
  item,
  badges,
  nested,
  onNavigate,
}: { item: MenuLink; nested?: boolean } & Omit<DrawerMenuProps, "sections">) {
  const { t } = useTranslation("layout");
  const { pathname } = useLocation();
  const flagged = item.badge ? badges[item.badge] : false;
  return (
    <ListItemButton
      component={Link}
      to={item.to}
      selected={isActive(pathname, item.to)}
      onClick={onNavigate}
      sx={nested ? { pl: 4 } : undefined}
    >
      <ListItemIcon>
        <LinkIcon item={item} flagged={flagged} />
      </ListItemIcon>
      <ListItemText primary={t(item.labelKey)} />
    </ListItemButton>
  );
}

function DrawerGroup({ group, ...rest }: { group: MenuGroup } & Omit<DrawerMenuProps, "sections">) {
  const { t } = useTranslation("layout");
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => group.children.some((c) => isActive(pathname, c.to)));
  const Icon = group.icon;
  return (
    <>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={t(group.labelKey)} />
        {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding>
          {group.children.map((child) => (
            <DrawerLink key={child.to} item={child} nested {...rest} />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function Entries({
  entries,
  ...rest
}: { entries: MenuEntry[] } & Omit<DrawerMenuProps, "sections">) {
  return entries.map((entry) =>
    entry.kind === "group" ? (
      <DrawerGroup key={entry.id} group={entry} {...rest} />
    ) : (
      <DrawerLink key={entry.to} item={entry} {...rest} />
    ),
  );
}

/** The side menu's entries; the admin group has its own heading. */
export function DrawerMenu({ sections, ...rest }: DrawerMenuProps) {
  const { t } = useTranslation("layout");
  return (
    <nav aria-label={t("menu.navigation")}>
      <List>
        <Entries entries={sections.main} {...rest} />
      </List>
      {sections.admin.length > 0 && (
        <>
          <Divider />
          <List
            aria-labelledby="drawer-admin-heading"
            subheader={
              <ListSubheader id="drawer-admin-heading" component="div">
                {t("menu.administration")}
              </ListSubheader>
            }
          >
            <Entries entries={sections.admin} {...rest} />
          </List>
        </>
      )}
    </nav>
  );
}
