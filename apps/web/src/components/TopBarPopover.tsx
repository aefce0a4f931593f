import { NOTIFICATION_POPOVER_PX } from "@atrium/shared";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import { Suspense, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface TopBarPopoverProps {
  /** The button's accessible name (with its count, where it has one). */
  label: string;
  /** The popover's accessible name. */
  title: string;
  /** The icon, usually inside a Badge. */
  icon: ReactNode;
  onOpen?(): void;
  /** The content, given a way to close the popover; may be lazily loaded. */
  children(close: () => void): ReactNode;
}

/**
 * A top-bar button opening a popover at most 350 × 350 px under it (notifications, chats,
 * announcements); a lazily loaded content shows a spinner meanwhile.
 */
export function TopBarPopover({ label, title, icon, onOpen, children }: TopBarPopoverProps) {
  const { t } = useTranslation("common");
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={(event) => {
          onOpen?.();
          setAnchor(event.currentTarget);
        }}
      >
        {icon}
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": title,
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
              <CircularProgress size={24} aria-label={t("loading")} />
            </Box>
          }
        >
          {children(close)}
        </Suspense>
      </Popover>
    </>
  );
}
