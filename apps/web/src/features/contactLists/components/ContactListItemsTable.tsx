import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { SkeletonRows } from "../../../components/SkeletonRows";
import type { ContactListItemDTO } from "../api/contactListsApi";

interface Props {
  items: ContactListItemDTO[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(item: ContactListItemDTO): void;
  onDelete(item: ContactListItemDTO): void;
}

/** ✓ found on WhatsApp, ✗ not found, — not checked yet. */
function WhatsappValidity({ valid }: { valid: boolean | null }) {
  const { t } = useTranslation("campaigns");
  const state = valid === null ? "unchecked" : valid ? "valid" : "invalid";
  const mark = { valid: "✓", invalid: "✗", unchecked: "—" }[state];
  const color = { valid: "success.main", invalid: "error.main", unchecked: "text.secondary" }[
    state
  ];
  const label = t(`items.whatsapp.${state}`);
  return (
    <Typography component="span" role="img" aria-label={label} title={label} color={color}>
      {mark}
    </Typography>
  );
}

export function ContactListItemsTable({ items, loading, loadingMore, onEdit, onDelete }: Props) {
  const { t } = useTranslation("campaigns");
  return (
    <Table size="small" stickyHeader aria-label={t("items.tableLabel")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("items.table.name")}</TableCell>
          <TableCell>{t("items.table.number")}</TableCell>
          <TableCell>{t("items.table.email")}</TableCell>
          <TableCell align="center">{t("items.table.whatsapp")}</TableCell>
          <TableCell align="center">{t("items.table.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.id} hover>
            <TableCell>{item.name}</TableCell>
            <TableCell>{item.number}</TableCell>
            <TableCell>{item.email}</TableCell>
            <TableCell align="center">
              <WhatsappValidity valid={item.isWhatsappValid} />
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              <IconButton
                size="small"
                aria-label={t("items.editAction", { name: item.name })}
                onClick={() => onEdit(item)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t("items.deleteAction", { name: item.name })}
                onClick={() => onDelete(item)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
        {(loading || loadingMore) && <SkeletonRows columns={5} count={loading ? 5 : 2} />}
      </TableBody>
    </Table>
  );
}
