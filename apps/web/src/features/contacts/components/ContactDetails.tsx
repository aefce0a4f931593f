import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { phoneOf } from "../api/contactReach";
import type { ContactDTO } from "../api/contactsApi";
import { ContactAvatar } from "./ContactAvatar";
import { TicketNotes } from "./TicketNotes";

interface ContactDetailsProps {
  contact: ContactDTO;
  ticketId?: number;
  onEdit(): void;
}

const sectionSx = { p: 1.5, mt: 1.5 } as const;

/** The drawer's body: identity, notes, then the extra information list. */
export function ContactDetails({ contact, ticketId, onEdit }: ContactDetailsProps) {
  const { t } = useTranslation("contacts");
  const phone = phoneOf(contact);
  return (
    <>
      <Paper variant="outlined" sx={{ ...sectionSx, mt: 0, textAlign: "center" }}>
        <Box sx={{ display: "flex", justifyContent: "center", mb: 1 }}>
          <ContactAvatar name={contact.name} src={contact.profilePicUrl} size={96} />
        </Box>
        <Link
          component="button"
          variant="subtitle1"
          underline="hover"
          onClick={onEdit}
          title={t("drawer.editContact")}
          sx={{ fontWeight: 600, wordBreak: "break-word" }}
        >
          {contact.name}
        </Link>
        {phone && (
          <Typography variant="body2">
            <Link href={`tel:${phone}`}>{phone}</Link>
          </Typography>
        )}
        {contact.email && (
          <Typography variant="body2" sx={{ wordBreak: "break-all" }}>
            <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
          </Typography>
        )}
        {contact.tags.length > 0 && (
          <Box
            sx={{ display: "flex", flexWrap: "wrap", gap: 0.5, justifyContent: "center", mt: 1 }}
          >
            {contact.tags.map((tag) => (
              <Chip
                key={tag.id}
                size="small"
                label={tag.name}
                sx={{ bgcolor: tag.color || "#eee", color: "#fff" }}
              />
            ))}
          </Box>
        )}
        <Button
          variant="outlined"
          size="small"
          startIcon={<EditOutlinedIcon />}
          onClick={onEdit}
          sx={{ mt: 1.5 }}
        >
          {t("drawer.edit")}
        </Button>
      </Paper>
      <Paper variant="outlined" sx={sectionSx}>
        <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
          {t("notes.title")}
        </Typography>
        <TicketNotes contactId={contact.id} ticketId={ticketId} />
      </Paper>
      <Paper variant="outlined" sx={sectionSx}>
        <Typography variant="subtitle2" component="h3" color="primary" sx={{ mb: 1 }}>
          {t("drawer.extraInfo")}
        </Typography>
        {contact.extraInfo.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("drawer.noExtraInfo")}
          </Typography>
        ) : (
          <Box component="dl" sx={{ m: 0 }}>
            {contact.extraInfo.map((info, index) => (
              <Box key={info.id ?? index} sx={{ mb: 1 }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {info.name}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: "break-word" }}>
                  {info.value}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Paper>
    </>
  );
}
