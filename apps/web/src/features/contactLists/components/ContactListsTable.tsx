import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { SkeletonRows } from "../../../components/SkeletonRows";
import type { ContactListDTO } from "../api/contactListsApi";

interface Props {
  lists: ContactListDTO[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(list: ContactListDTO): void;
  onDelete(list: ContactListDTO): void;
}

/** Name (opens the items), 'Contatos' and the row actions. */
export function ContactListsTable({ lists, loading, loadingMore, onEdit, onDelete }: Props) {
  const { t } = useTranslation("campaigns");
  const navigate = useNavigate();
  return (
    <Table size="small" stickyHeader aria-label={t("contactLists.title")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("contactLists.table.name")}</TableCell>
          <TableCell align="center">{t("contactLists.table.items")}</TableCell>
          <TableCell align="center">{t("contactLists.table.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lists.map((list) => (
          <TableRow key={list.id} hover>
            <TableCell>
              <Link component={RouterLink} to={`/contact-lists/${list.id}`} underline="hover">
                {list.name}
              </Link>
            </TableCell>
            <TableCell align="center">{list.itemsCount}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              <IconButton
                size="small"
                aria-label={t("contactLists.openAction", { name: list.name })}
                onClick={() => void navigate(`/contact-lists/${list.id}`)}
              >
                <PeopleAltOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t("contactLists.editAction", { name: list.name })}
                onClick={() => onEdit(list)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t("contactLists.deleteAction", { name: list.name })}
                onClick={() => onDelete(list)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
        {(loading || loadingMore) && <SkeletonRows columns={3} count={loading ? 5 : 2} />}
      </TableBody>
    </Table>
  );
}
