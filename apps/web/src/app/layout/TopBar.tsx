import MenuIcon from "@mui/icons-material/Menu";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { Trans, useTranslation } from "react-i18next";
import { AnnouncementsPopover } from "../../features/announcements/components/AnnouncementsPopover";
import { useAuth } from "../../features/auth/hooks/useAuth";
import { ChatsPopover } from "../../features/chats/components/ChatsPopover";
import { NotificationBell } from "../../features/notifications/components/NotificationBell";
import { AccountMenu } from "./AccountMenu";

interface TopBarProps {
  narrow: boolean;
  onOpenDrawer(): void;
  onProfile(): void;
}

export function TopBar({ narrow, onOpenDrawer, onProfile }: TopBarProps) {
  const { t } = useTranslation("layout");
  const { user, logout } = useAuth();
  return (
    // Above the permanent drawer; under 600 px the temporary drawer covers the bar.
    <AppBar
      position="fixed"
      sx={narrow ? undefined : { zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar>
        {narrow && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t("openDrawer")}
            onClick={onOpenDrawer}
            sx={{ mr: 1 }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography component="p" noWrap sx={{ flexGrow: 1 }}>
          <Trans
            t={t}
            i18nKey="greeting"
            values={{ name: user?.name ?? "", company: user?.company?.name ?? "" }}
            components={{ b: <b /> }}
          />
        </Typography>
        <Box data-slot="top-bar-actions" sx={{ display: "flex", alignItems: "center" }}>
          <AnnouncementsPopover />
          <ChatsPopover />
          <NotificationBell />
        </Box>
        <AccountMenu onProfile={onProfile} onLogout={() => void logout()} />
      </Toolbar>
    </AppBar>
  );
}
