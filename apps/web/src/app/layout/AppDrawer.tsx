import { DRAWER_WIDTH_PX } from "@atrium/shared";
import Drawer from "@mui/material/Drawer";
import Toolbar from "@mui/material/Toolbar";
import { useMemo } from "react";
import { campaignsShown } from "../../api/storage";
import { useAuth } from "../../features/auth/hooks/useAuth";
import { DrawerMenu } from "./DrawerMenu";
import { buildMenu } from "./menuItems";
import { useMenuBadges } from "./useMenuBadges";

interface AppDrawerProps {
  narrow: boolean;
  mobileOpen: boolean;
  onClose(): void;
}

const paperSx = { width: DRAWER_WIDTH_PX, boxSizing: "border-box" } as const;

/** Permanent on wide screens, temporary under 600 px (agent-core §2). */
export function AppDrawer({ narrow, mobileOpen, onClose }: AppDrawerProps) {
  const { user } = useAuth();
  const badges = useMenuBadges();
  const sections = useMemo(
    () => (user ? buildMenu(user, campaignsShown()) : { main: [], admin: [] }),
    [user],
  );

  if (narrow) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onClose}
        sx={{ "& .MuiDrawer-paper": paperSx }}
      >
        <DrawerMenu sections={sections} badges={badges} onNavigate={onClose} />
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      sx={{ width: DRAWER_WIDTH_PX, flexShrink: 0, "& .MuiDrawer-paper": paperSx }}
    >
      <Toolbar />
      <DrawerMenu sections={sections} badges={badges} />
    </Drawer>
  );
}
