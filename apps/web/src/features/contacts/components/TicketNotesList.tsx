import { isAdmin, NOTES_LIST_MAX_PX } from "@atrium/shared";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { format } from "date-fns";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/hooks/useAuth";
import type { TicketNoteDTO } from "../api/notesApi";

interface TicketNotesListProps {
  notes: TicketNoteDTO[];
  loading: boolean;
  onDelete(note: TicketNoteDTO): void;
}

/** Notes (text, author, time), newest first, in a box at most 200 px high. */
export function TicketNotesList({ notes, loading, onDelete }: TicketNotesListProps) {
  const { t } = useTranslation("contacts");
  const { user } = useAuth();
  const mayDelete = (note: TicketNoteDTO) =>
    Boolean(user) && (note.userId === user?.id || isAdmin(user!));

  if (loading) {
    return (
      <Box aria-busy="true" aria-label={t("notes.loading")}>
        <Skeleton variant="text" />
        <Skeleton variant="text" width="60%" />
      </Box>
    );
  }
  if (notes.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {t("notes.empty")}
      </Typography>
    );
  }
  return (
    <List
      dense
      aria-label={t("notes.listLabel")}
      sx={{ maxHeight: NOTES_LIST_MAX_PX, overflowY: "auto", py: 0 }}
    >
      {notes.map((note) => (
        <ListItem
          key={note.id}
          divider
          disableGutters
          secondaryAction={
            mayDelete(note) ? (
              <IconButton
                edge="end"
                size="small"
                aria-label={t("notes.deleteAction")}
                onClick={() => onDelete(note)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            ) : undefined
          }
        >
          <ListItemText
            primary={note.note}
            secondary={`${note.user?.name ?? ""} · ${format(new Date(note.createdAt), "dd/MM/yyyy HH:mm")}`}
            slotProps={{
              primary: { sx: { whiteSpace: "pre-wrap", wordBreak: "break-word" } },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
