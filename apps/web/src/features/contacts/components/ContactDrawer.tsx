import { CONTACT_DRAWER_PX } from "@atrium/shared";
import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState";
import { Spinner } from "../../../components/Spinner";
import { useContact } from "../hooks/useContact";
import { ContactDetails } from "./ContactDetails";
import { ContactFormDialog } from "./ContactFormDialog";

export interface ContactDrawerProps {
  open: boolean;
  contactId: number;
  ticketId?: number;
  onClose(): void;
}

/**
 * The contact's side drawer (agent-core §2 "Contact drawer"): right side, 320 px wide. Live
 * contact updates refresh it through the query cache.
 */
export function ContactDrawer({ open, contactId, ticketId, onClose }: ContactDrawerProps) {
  const { t } = useTranslation("contacts");
  const contact = useContact(contactId, open);
  const [editing, setEditing] = useState(false);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      // Over the top bar, which sits above the permanent menu drawer on wide screens.
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 2 }}
      slotProps={{
        paper: {
          sx: { width: CONTACT_DRAWER_PX, maxWidth: "100vw", bgcolor: "background.default" },
          role: "dialog",
          "aria-labelledby": "contact-drawer-title",
        },
      }}
    >
      <Toolbar variant="dense" sx={{ bgcolor: "background.paper", gap: 1 }} disableGutters>
        <IconButton aria-label={t("drawer.close")} onClick={onClose} sx={{ ml: 0.5 }}>
          <CloseIcon />
        </IconButton>
        <Typography id="contact-drawer-title" component="h2" variant="subtitle1">
          {t("drawer.title")}
        </Typography>
      </Toolbar>
      <Box sx={{ p: 1.5, overflowY: "auto", flex: 1 }}>
        {contact.isPending ? (
          <Spinner />
        ) : contact.data ? (
          <ContactDetails
            contact={contact.data}
            ticketId={ticketId}
            onEdit={() => setEditing(true)}
          />
        ) : (
          <EmptyState message={t("drawer.notFound")} />
        )}
      </Box>
      <ContactFormDialog
        open={editing}
        contactId={contactId}
        onClose={() => setEditing(false)}
        onSaved={() => undefined}
      />
    </Drawer>
  );
}
