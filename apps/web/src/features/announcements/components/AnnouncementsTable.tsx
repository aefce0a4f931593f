import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { SkeletonRows } from "../../../components/SkeletonRows";
import type { AnnouncementDTO } from "../api/announcementsApi";
import { ReactionCounts } from "./ReactionCounts";

interface Props {
  records: AnnouncementDTO[];
  loading: boolean;
  loadingMore: boolean;
  /** Super users: edit and delete. */
  manage: boolean;
  onEdit(record: AnnouncementDTO): void;
  onDelete(record: AnnouncementDTO): void;
}

const COLUMNS = ["title", "priority", "category", "media", "status", "views", "reactions"];

export function AnnouncementsTable(props: Props) {
  const { records, loading, loadingMore, manage, onEdit, onDelete } = props;
  const { t } = useTranslation("announcements");
  const columns = manage ? [...COLUMNS, "actions"] : COLUMNS;
  return (
    <Table size="small" stickyHeader aria-label={t("title")}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column} align={column === "title" ? "left" : "center"}>
              {t(`table.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.id} hover>
            <TableCell>{record.title}</TableCell>
            <TableCell align="center">{t(`values.priority.${record.priority}`)}</TableCell>
            <TableCell align="center">{t(`values.category.${record.category}`)}</TableCell>
            <TableCell align="center">{record.mediaName ?? t("noMedia")}</TableCell>
            <TableCell align="center">{t(`values.status.${String(record.status)}`)}</TableCell>
            <TableCell align="center">{record.views}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              <ReactionCounts reactions={record.reactions} />
            </TableCell>
            {manage && (
              <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                <IconButton
                  size="small"
                  aria-label={t("editAction", { name: record.title })}
                  onClick={() => onEdit(record)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t("deleteAction", { name: record.title })}
                  onClick={() => onDelete(record)}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
            )}
          </TableRow>
        ))}
        {(loading || loadingMore) && (
          <SkeletonRows columns={columns.length} count={loading ? 5 : 2} />
        )}
      </TableBody>
    </Table>
  );
}
