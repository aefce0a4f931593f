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
import type { ScheduleDTO } from "../api/schedulesApi";
import { capitalise, formatSendAt, truncateBody } from "../lib/scheduleRules";

interface Props {
  schedules: ScheduleDTO[];
  loading: boolean;
  loadingMore: boolean;
  onEdit(schedule: ScheduleDTO): void;
  onDelete(schedule: ScheduleDTO): void;
}

const COLUMNS = ["contact", "body", "sendAt", "status", "messageType", "openTicket", "actions"];

export function SchedulesTable({ schedules, loading, loadingMore, onEdit, onDelete }: Props) {
  const { t } = useTranslation(["schedules", "common"]);
  return (
    <Table size="small" stickyHeader aria-label={t("title")}>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell
              key={column}
              align={column === "contact" || column === "body" ? "left" : "center"}
            >
              {t(`table.${column}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {schedules.map((schedule) => {
          const name = schedule.contact?.name ?? "";
          return (
            <TableRow key={schedule.id} hover>
              <TableCell>{name}</TableCell>
              <TableCell>{truncateBody(schedule.body)}</TableCell>
              <TableCell align="center">{formatSendAt(schedule.sendAt)}</TableCell>
              <TableCell align="center">{capitalise(schedule.status)}</TableCell>
              <TableCell align="center">{t(`messageTypes.${schedule.messageType}`)}</TableCell>
              <TableCell align="center">{t(schedule.openTicket ? "yes" : "no")}</TableCell>
              <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                <IconButton
                  size="small"
                  aria-label={t("editAction", { name })}
                  onClick={() => onEdit(schedule)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t("deleteAction", { name })}
                  onClick={() => onDelete(schedule)}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          );
        })}
        {(loading || loadingMore) && <SkeletonRows columns={7} count={loading ? 5 : 2} />}
      </TableBody>
    </Table>
  );
}
