import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import type { ContactDTO } from "../api/contactsApi";
import { ContactAvatar } from "./ContactAvatar";
import { phoneOf } from "../api/contactReach";

interface ContactsTableProps {
  contacts: ContactDTO[];
  loading: boolean;
  loadingMore: boolean;
  canDelete: boolean;
  onOpen(contact: ContactDTO): void;
  onEdit(contact: ContactDTO): void;
  onDelete(contact: ContactDTO): void;
}

function SkeletonRows({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <TableRow key={`skeleton-${index}`}>
      <TableCell padding="checkbox">
        <Skeleton variant="circular" width={32} height={32} />
      </TableCell>
      {[0, 1, 2, 3].map((cell) => (
        <TableCell key={cell}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

export function ContactsTable({
  contacts,
  loading,
  loadingMore,
  canDelete,
  onOpen,
  onEdit,
  onDelete,
}: ContactsTableProps) {
  const { t } = useTranslation("contacts");
  return (
    <Table size="small" stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>{t("table.name")}</TableCell>
          <TableCell>{t("table.number")}</TableCell>
          <TableCell sx={{ display: { xs: "none", sm: "table-cell" } }}>
            {t("table.email")}
          </TableCell>
          <TableCell align="center">{t("table.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover>
            <TableCell padding="checkbox" sx={{ pl: 1 }}>
              <ContactAvatar name={contact.name} src={contact.profilePicUrl} size={32} />
            </TableCell>
            <TableCell sx={{ minWidth: 110, overflowWrap: "anywhere" }}>
              <Link
                component="button"
                underline="hover"
                color="inherit"
                onClick={() => onOpen(contact)}
                sx={{ textAlign: "left", font: "inherit", overflowWrap: "anywhere" }}
              >
                {contact.name}
              </Link>
            </TableCell>
            <TableCell sx={{ wordBreak: "break-all" }}>{phoneOf(contact)}</TableCell>
            <TableCell sx={{ display: { xs: "none", sm: "table-cell" }, wordBreak: "break-all" }}>
              {contact.email}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              <IconButton
                size="small"
                aria-label={t("editAction", { name: contact.name })}
                onClick={() => onEdit(contact)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              {canDelete && (
                <IconButton
                  size="small"
                  aria-label={t("deleteAction", { name: contact.name })}
                  onClick={() => onDelete(contact)}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              )}
            </TableCell>
          </TableRow>
        ))}
        {(loading || loadingMore) && <SkeletonRows count={loading ? 5 : 2} />}
      </TableBody>
    </Table>
  );
}
