import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { useTranslation } from "react-i18next";
import { SkeletonRows } from "../../../components/SkeletonRows";
import type { QueueDTO } from "../api/queuesApi";

interface Props {
  queues: QueueDTO[];
  loading: boolean;
  onEdit(queue: QueueDTO): void;
  onDelete(queue: QueueDTO): void;
}

export function QueuesTable({ queues, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation("queues");
  return (
    <Table size="small" stickyHeader aria-label={t("title")}>
      <TableHead>
        <TableRow>
          <TableCell align="center">{t("table.id")}</TableCell>
          <TableCell>{t("table.name")}</TableCell>
          <TableCell align="center">{t("table.color")}</TableCell>
          <TableCell>{t("table.greeting")}</TableCell>
          <TableCell align="center">{t("table.actions")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {queues.map((queue) => (
          <TableRow key={queue.id} hover>
            <TableCell align="center">{queue.id}</TableCell>
            <TableCell>{queue.name}</TableCell>
            <TableCell align="center">
              <Box
                role="img"
                aria-label={queue.color}
                sx={{ width: 60, height: 20, mx: "auto", borderRadius: 1, bgcolor: queue.color }}
              />
            </TableCell>
            <TableCell
              sx={{
                maxWidth: 360,
                overflow: "hidden",
                textOverflow: "ellipsis",
                whiteSpace: "nowrap",
              }}
            >
              {queue.greetingMessage}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              <IconButton
                size="small"
                aria-label={t("editAction", { name: queue.name })}
                onClick={() => onEdit(queue)}
              >
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={t("deleteAction", { name: queue.name })}
                onClick={() => onDelete(queue)}
              >
                <DeleteOutlinedIcon fontSize="small" />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
        {loading && <SkeletonRows columns={5} count={4} />}
      </TableBody>
    </Table>
  );
}
