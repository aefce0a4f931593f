import { NARROW_BREAKPOINT_PX } from "@atrium/shared";
import Box from "@mui/material/Box";
import Toolbar from "@mui/material/Toolbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet } from "react-router";
import { Spinner } from "../../components/Spinner";
import { useAuth } from "../../features/auth/hooks/useAuth";
import { AppDrawer } from "./AppDrawer";
import { TopBar } from "./TopBar";

const UserModal = lazy(async () => ({
  default: (await import("../../features/users/components/UserModal")).UserModal,
}));

/** The private area: top bar, side drawer, the current screen, the profile modal. */
export function AppLayout() {
  const { user, clearLandingPath } = useAuth();
  const narrow = useMediaQuery(`(max-width:${NARROW_BREAKPOINT_PX - 0.05}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);

  useEffect(clearLandingPath, [clearLandingPath]);

  return (
    <Box sx={{ display: "flex", minHeight: "100vh" }}>
      <TopBar
        narrow={narrow}
        onOpenDrawer={() => setDrawerOpen(true)}
        onProfile={() => setProfileOpen(true)}
      />
      <AppDrawer narrow={narrow} mobileOpen={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
        <Toolbar />
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </Box>
      {profileOpen && user && (
        <Suspense fallback={null}>
          <UserModal open userId={user.id} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
