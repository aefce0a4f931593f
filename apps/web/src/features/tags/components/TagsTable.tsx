import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { SkeletonRows } from "../../../components/SkeletonRows";
import type { TagRowDTO } from "../api/tagsApi";
import { tagTextColor } from "../lib/tagColors";

interface TagsTableProps {
  tags: TagRowDTO[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(tag: TagRowDTO): void;
  onDelete(tag: TagRowDTO): void;
}

export function TagsTable({ tags, loading, loadingMore, onEdit, onDelete }: TagsTableProps) {
  const { t } = useTranslation("tags");
  return (
    <Table size="small" stickyHeader aria-label={t("title")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("table.name")}</TableCell>
          <TableCell align="center">{t("table.tickets")}</TableCell>
          <TableCell align="center">{t("table.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tags.map((tag) => (
          <TableRow key={tag.id} hover>
            <TableCell>
              <Chip
                size="small"
                label={tag.name}
                sx={{ bgcolor: tag.color, color: tagTextColor(tag.color) }}
              />
            </TableCell>
            <TableCell align="center">{tag.contactsCount}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              <IconButton
                size="small"
                aria-label={t("editAction", { name: tag.name })}
                onClick={() => onEdit(tag)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t("deleteAction", { name: tag.name })}
                onClick={() => onDelete(tag)}
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
