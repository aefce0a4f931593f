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
import type { QuickMessageRecord } from "../api/quickMessagesApi";

interface Props {
  records: QuickMessageRecord[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(record: QuickMessageRecord): void;
  onDelete(record: QuickMessageRecord): void;
}

export function QuickMessagesTable({ records, loading, loadingMore, onEdit, onDelete }: Props) {
  const { t } = useTranslation(["quickMessages", "common"]);
  return (
    <Table size="small" stickyHeader aria-label={t("title")}>
      <TableHead>
        <TableRow>
          <TableCell>{t("table.shortcode")}</TableCell>
          <TableCell>{t("table.message")}</TableCell>
          <TableCell align="center">{t("table.type")}</TableCell>
          <TableCell align="center">{t("table.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((record) => (
          <TableRow key={record.id} hover>
            <TableCell>{record.shortcode}</TableCell>
            <TableCell
              sx={{
                maxWidth: 400,
                overflow: "hidden",
                textOverflow: "ellipsis",
                whiteSpace: "nowrap",
              }}
            >
              {record.message}
            </TableCell>
            <TableCell align="center">{t(`messageTypes.${record.messageType}`)}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              <IconButton
                size="small"
                aria-label={t("editAction", { name: record.shortcode })}
                onClick={() => onEdit(record)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t("deleteAction", { name: record.shortcode })}
                onClick={() => onDelete(record)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
        {(loading || loadingMore) && <SkeletonRows columns={4} count={loading ? 5 : 2} />}
      </TableBody>
    </Table>
  );
}
