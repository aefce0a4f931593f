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
import type { HelpDTO } from "../../helps/api/helpsApi";

interface HelpRecordsTableProps {
  title: string;
  records: HelpDTO[];
  loading: boolean;
  selectedId: number | null;
  onEdit(help: HelpDTO): void;
}

/** One version's records: #, Title, Description, Video; the edit icon loads the row. */
export function HelpRecordsTable({
  title,
  records,
  loading,
  selectedId,
  onEdit,
}: HelpRecordsTableProps) {
  const { t } = useTranslation("helpRecords");
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 1.5 }}>
        {title}
      </Typography>
      <Table size="small" aria-label={title} sx={{ tableLayout: "fixed" }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" sx={{ width: 48 }} />
            <TableCell sx={{ width: 64 }}>#</TableCell>
            <TableCell sx={{ width: "28%" }}>{t("fields.title")}</TableCell>
            <TableCell>{t("fields.description")}</TableCell>
            <TableCell sx={{ width: "20%" }}>{t("fields.video")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((help) => (
            <TableRow key={help.id} hover selected={help.id === selectedId}>
              <TableCell padding="checkbox">
                <IconButton
                  size="small"
                  aria-label={t("editAction", { title: help.title })}
                  onClick={() => onEdit(help)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
              <TableCell>{help.id}</TableCell>
              <TableCell>{help.title}</TableCell>
              <TableCell sx={{ overflowWrap: "anywhere" }}>{help.description || "-"}</TableCell>
              <TableCell>{help.video || "-"}</TableCell>
            </TableRow>
          ))}
          {loading && <SkeletonRows columns={5} count={2} />}
          {!loading && records.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} align="center" sx={{ color: "text.secondary" }}>
                {t("empty")}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </>
  );
}
