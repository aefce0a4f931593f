import { can } from "@atrium/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { format } from "date-fns";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../auth/hooks/useAuth";
import type { ConnectionDTO, SessionCommand } from "../api/connectionsApi";
import { ChannelIcon } from "./ChannelIcon";
import { ConnectionStatus } from "./ConnectionStatus";
import { SessionButtons } from "./SessionButtons";

interface ConnectionsTableProps {
  connections: ConnectionDTO[];
  loading: boolean;
  busyId: number | null;
  onCommand(connection: ConnectionDTO, command: SessionCommand): void;
  onShowQr(connection: ConnectionDTO): void;
  onEdit(connection: ConnectionDTO): void;
  onDelete(connection: ConnectionDTO): void;
}

/** Last update as dd/MM/yy HH:mm (agent-core §9). */
const formatUpdatedAt = (iso: string) => format(new Date(iso), "dd/MM/yy HH:mm");

/**
 * Channel, name, status, session (connections-page:actionButtons), last update, default and
 * actions (connections-page:editOrDeleteConnection).
 */
export function ConnectionsTable(props: ConnectionsTableProps) {
  const { connections, loading, busyId, onCommand, onShowQr, onEdit, onDelete } = props;
  const { t } = useTranslation("connections");
  const { user } = useAuth();
  const showSession = can(user, "connections-page:actionButtons");
  const showActions = can(user, "connections-page:editOrDeleteConnection");
  const columns = 5 + Number(showSession) + Number(showActions);

  return (
    <Table size="small" stickyHeader>
      <TableHead>
        <TableRow>
          <TableCell align="center">{t("table.channel")}</TableCell>
          <TableCell>{t("table.name")}</TableCell>
          <TableCell align="center">{t("table.status")}</TableCell>
          {showSession && <TableCell align="center">{t("table.session")}</TableCell>}
          <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
            {t("table.lastUpdate")}
          </TableCell>
          <TableCell align="center">{t("table.default")}</TableCell>
          {showActions && <TableCell align="center">{t("table.actions")}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {connections.map((connection) => (
          <TableRow key={connection.id} hover>
            <TableCell align="center">
              <ChannelIcon channelType={connection.channelType} />
            </TableCell>
            <TableCell sx={{ minWidth: 120, overflowWrap: "anywhere" }}>
              {connection.name}
            </TableCell>
            <TableCell align="center">
              <ConnectionStatus
                status={connection.status}
                degraded={connection.degraded}
                incidentReason={connection.incidentReason}
                incidentAt={connection.incidentAt}
              />
            </TableCell>
            {showSession && (
              <TableCell align="center">
                <SessionButtons
                  connection={connection}
                  busy={busyId === connection.id}
                  onCommand={(command) => onCommand(connection, command)}
                  onShowQr={() => onShowQr(connection)}
                />
              </TableCell>
            )}
            <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
              {formatUpdatedAt(connection.updatedAt)}
            </TableCell>
            <TableCell align="center">
              {connection.isDefault && (
                <CheckCircleIcon color="success" titleAccess={t("table.isDefault")} />
              )}
            </TableCell>
            {showActions && (
              <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
                <IconButton
                  size="small"
                  aria-label={t("editAction", { name: connection.name })}
                  onClick={() => onEdit(connection)}
                >
                  <EditOutlinedIcon fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={t("deleteAction", { name: connection.name })}
                  onClick={() => onDelete(connection)}
                >
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </TableCell>
            )}
          </TableRow>
        ))}
        {loading &&
          Array.from({ length: 3 }, (_, row) => (
            <TableRow key={`skeleton-${row}`}>
              {Array.from({ length: columns }, (_, cell) => (
                <TableCell key={cell}>
                  <Skeleton variant="text" />
                </TableCell>
              ))}
            </TableRow>
          ))}
      </TableBody>
    </Table>
  );
}
